import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, loginAs } from '../../../../test/client.js';
import { downloadFile, uploadFiles } from '../../../../test/files.js';
import {
  adminCredentials,
  createTestDatabase,
  newSharedResources,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { servicesMissing } from '../../../../test/services.js';
import { startStandaloneSubgraph, type StandaloneSubgraph } from '../../../../test/standalone-subgraph.js';
import { createSignedInUser, type TestUser } from '../../../../test/users.js';
import { createProjectsSubgraph } from '../app.js';

/** The distributed layout in one process: the projects subgraph alone on its own port, with its own FILES_DIR. */
describe.skipIf(servicesMissing)('files of a remote projects subgraph (distributed mode)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let subgraph: StandaloneSubgraph;
  let gateway: TestServer;
  let subgraphFiles: string;
  let gatewayFiles: string;
  let writer: TestUser;
  let nobody: TestUser;

  beforeAll(async () => {
    subgraphFiles = await mkdtemp(join(tmpdir(), 'files-subgraph-'));
    gatewayFiles = await mkdtemp(join(tmpdir(), 'files-gateway-'));
    database = await createTestDatabase();
    const shared = newSharedResources(database.url);
    subgraph = await startStandaloneSubgraph('projects', shared, createProjectsSubgraph, { FILES_DIR: subgraphFiles });
    gateway = await startTestServer(shared, { SUBGRAPH_PROJECTS_URL: subgraph.url, FILES_DIR: gatewayFiles });
    const api = httpClient(gateway.url);
    const { accessToken } = await loginAs(api, adminCredentials.email, adminCredentials.password);
    writer = await createSignedInUser(api, accessToken, { permissions: ['projects:write', 'projects:read'] });
    nobody = await createSignedInUser(api, accessToken, { permissions: [] });
  });
  afterAll(async () => {
    await gateway?.close();
    await subgraph?.close();
    await database?.drop();
    await rm(subgraphFiles, { recursive: true, force: true });
    await rm(gatewayFiles, { recursive: true, force: true });
  });

  it('runs in distributed mode: projects is not in the gateway process', () => {
    expect(gateway.system.subgraphs.map((subgraph) => subgraph.name).sort()).toEqual(['auth', 'notifications']);
  });

  it('stores a file larger than 1 MB in the subgraph, and serves it back through the gateway', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 5);
    const upload = await uploadFiles(gateway.url, writer.token, [{ name: 'scan.pdf', type: 'application/pdf', bytes }]);
    expect(upload.status).toBe(201);
    expect(upload.body).toMatchObject({ name: 'scan.pdf', mimeType: 'application/pdf', size: bytes.length });
    expect(await readdir(subgraphFiles)).toEqual([upload.body.id]);
    expect(await readdir(gatewayFiles)).toEqual([]);

    const download = await downloadFile(gateway.url, writer.token, upload.body.id);
    expect(download.status).toBe(200);
    expect(download.bytes.equals(bytes)).toBe(true);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="scan.pdf"; filename*=UTF-8''scan.pdf`,
    );
  });

  it('checks the caller in the subgraph as in one process: 403 without the permission, 404 for an unknown id', async () => {
    const refused = await uploadFiles(gateway.url, nobody.token, [{ name: 'a.txt', bytes: Buffer.from('a') }]);
    expect(refused.status).toBe(403);
    expect((await downloadFile(gateway.url, writer.token, randomUUID())).status).toBe(404);
  });
});
