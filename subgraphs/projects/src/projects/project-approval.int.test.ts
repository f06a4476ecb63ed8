import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFromNewIp } from '../../../../test/client-address.js';
import type { HttpClient } from '../../../../test/client.js';
import { startIsolatedServer } from '../../../../test/harness.js';
import { projectsTestKit } from '../../../../test/projects-kit.js';
import { servicesMissing } from '../../../../test/services.js';

const updateProjectMutation = `mutation ($code: String!, $input: UpdateProjectInput!) {
  updateProject(uniqueCode: $code, input: $input) { status }
}`;

/** Issue 31, item 2: `approved` is an approval by any path, so it needs `projects:approve`. */
describe.skipIf(servicesMissing)('setting a project approved', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let api: HttpClient;
  let kit: Awaited<ReturnType<typeof projectsTestKit>>;
  let customerId: string;

  beforeAll(async () => {
    server = await startIsolatedServer();
    api = clientFromNewIp(server.url);
    kit = await projectsTestKit(api);
    customerId = (await kit.customer()).id;
  });
  afterAll(async () => server?.close());

  async function newProject() {
    const created = await api.post('/api/v1/projects', kit.projectBody(customerId), { token: kit.adminToken });
    expect(created.status).toBe(201);
    return created.body.uniqueCode as string;
  }
  const statusOf = async (code: string) =>
    (await api.get(`/api/v1/projects/${code}`, { token: kit.adminToken })).body.status;

  it('refuses PATCH status approved with projects:write alone (403), changing nothing', async () => {
    const writer = await kit.user(['projects:read', 'projects:write']);
    const code = await newProject();
    const refused = await api.patch(
      `/api/v1/projects/${code}`,
      { status: 'approved', name: 'Renamed' },
      { token: writer.token },
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Insufficient permissions', statusCode: 403 });
    expect(await statusOf(code)).toBe('pending');
    const other = await api.patch(`/api/v1/projects/${code}`, { status: 'delivered' }, { token: writer.token });
    expect(other.status).toBe(200);
    expect(other.body.status).toBe('delivered');
  });

  it('refuses updateProject status approved in the graph with FORBIDDEN', async () => {
    const writer = await kit.user(['projects:read', 'projects:write']);
    const code = await newProject();
    const refused = await api.graphql(
      updateProjectMutation,
      { code, input: { status: 'approved' } },
      { token: writer.token },
    );
    expect(refused.body.errors![0]!.extensions!.code).toBe('FORBIDDEN');
    expect(await statusOf(code)).toBe('pending');
  });

  it('lets a holder of projects:write and projects:approve set approved by PATCH', async () => {
    const approver = await kit.user(['projects:read', 'projects:write', 'projects:approve']);
    const code = await newProject();
    const approved = await api.patch(`/api/v1/projects/${code}`, { status: 'approved' }, { token: approver.token });
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('approved');
  });
});
