import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabasePool } from '@platform/lib/database';
import { serveSubgraph } from '@platform/lib/graphql/serve-subgraph';
import { createLogger } from '@platform/lib/logger';
import { createPlatform } from '@platform/lib/platform';
import { createStores } from '@platform/lib/store/index';
import type { Stores } from '@platform/lib/store/ports';
import { httpClient, loginAs } from '../../../../test/client.js';
import { downloadFile, uploadFiles } from '../../../../test/files.js';
import {
  adminCredentials,
  createTestDatabase,
  newSharedResources,
  startTestServer,
  testConfigOf,
  type TestServer,
} from '../../../../test/harness.js';
import { servicesMissing } from '../../../../test/services.js';
import { createSignedInUser, type TestUser } from '../../../../test/users.js';
import { createProjectsSubgraph } from '../app.js';

/** The distributed layout in one process: the projects subgraph alone on its own port, with its own FILES_DIR. */
describe.skipIf(servicesMissing)('files of a remote projects subgraph (distributed mode)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let subgraphDatabase: DatabasePool | undefined;
  let subgraphStores: Stores;
  let subgraphApp: FastifyInstance;
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
    const config = testConfigOf(shared, { FILES_DIR: subgraphFiles });
    subgraphStores = createStores(config.REDIS_URL, config.REDIS_KEY_PREFIX);
    const platform = createPlatform(config, createLogger(config.LOG_LEVEL, 'projects'), subgraphStores);
    subgraphDatabase = new DatabasePool(shared.databaseUrl);
    subgraphApp = await serveSubgraph(await createProjectsSubgraph(platform, subgraphDatabase), platform);
    const address = await subgraphApp.listen({ port: 0, host: '127.0.0.1' });
    gateway = await startTestServer(shared, { SUBGRAPH_PROJECTS_URL: `${address}/graphql`, FILES_DIR: gatewayFiles });
    const api = httpClient(gateway.url);
    const { accessToken } = await loginAs(api, adminCredentials.email, adminCredentials.password);
    writer = await createSignedInUser(api, accessToken, { permissions: ['projects:write', 'projects:read'] });
    nobody = await createSignedInUser(api, accessToken, { permissions: [] });
  });
  afterAll(async () => {
    await gateway?.close();
    await subgraphApp?.close();
    await subgraphDatabase?.close();
    await subgraphStores?.close();
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
