import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../../test/client.js';
import { uploadFiles } from '../../../../test/files.js';
import type { TestServer } from '../../../../test/harness.js';
import { projectsTestKit } from '../../../../test/projects-kit.js';
import { servicesMissing } from '../../../../test/services.js';
import { startCountedServer } from '../../../../test/counted-server.js';

const person = 'id code name email avatarFileId department { id name }';
const everyNestedField = `query ($limit: Int!) { projects(limit: $limit) { data { id uniqueCode customer { id name }
  creator { id name email code department avatarFileId } participants { ${person} } documentFiles { id name mimeType path size }
  products { id name attributes } } meta { total } } }`;

/** The notification worker polls its job queue on its own schedule; those statements are not the request's. */
describe.skipIf(servicesMissing)('a page of projects costs the same SQL statements at any size', () => {
  let counted: Awaited<ReturnType<typeof startCountedServer>>;
  let server: TestServer;
  let api: HttpClient;
  let token: string;

  beforeAll(async () => {
    counted = await startCountedServer();
    ({ server, api } = counted);
    const kit = await projectsTestKit(api);
    const writer = await kit.employee(['projects:read', 'projects:write']);
    const colleague = await kit.employee([]);
    const file = await uploadFiles(server.url, writer.token, [{ name: 'a.txt', bytes: Buffer.from('a') }]);
    for (let index = 0; index < 50; index += 1) {
      const customer = await kit.customer(`Customer ${index}`);
      const created = await api.post(
        '/api/v1/projects',
        kit.projectBody(customer.id, {
          participantIds: [writer.employee.id, colleague.employee.id],
          documentFileIds: [file.body.id],
          products: [{ name: 'A' }, { name: 'B', attributes: { index } }],
        }),
        { token: writer.token },
      );
      expect(created.status).toBe(201);
    }
    token = writer.token;
  }, 120_000);
  afterAll(async () => counted?.close());

  const pageOf = async (limit: number) => {
    const answer = await api.graphql(everyNestedField, { limit }, { token });
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.projects.data).toHaveLength(limit);
    for (const project of answer.body.data.projects.data) {
      expect(project.participants.every((p: { department: unknown } | null) => p?.department)).toBe(true);
      expect(project.documentFiles).toHaveLength(1);
      expect(project.products).toHaveLength(2);
      expect(project.creator.code).toBeTruthy();
    }
  };

  it('through the graph and over REST, 5 and 50 projects with every nested field', async () => {
    await pageOf(5);
    const five = await counted.statementsOf(() => pageOf(5));
    const fifty = await counted.statementsOf(() => pageOf(50));
    expect(fifty, fifty.join('\n')).toHaveLength(five.length);
    // Projects, their count, customers, participants, documents, files, products; in the auth subgraph the
    // participants (employees with departments) and the creators (users with employee and department).
    expect(five.length).toBeLessThanOrEqual(9);

    const rest = (limit: number) => api.get(`/api/v1/projects?limit=${limit}`, { token });
    const restFive = await counted.statementsOf(() => rest(5));
    const restFifty = await counted.statementsOf(() => rest(50));
    expect(restFifty, restFifty.join('\n')).toHaveLength(restFive.length);
    expect(restFive).toHaveLength(five.length);
  });
});
