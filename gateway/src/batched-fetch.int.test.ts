import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachRequestFromNewIp } from '../../test/client-address.js';
import { httpClient, type HttpClient } from '../../test/client.js';
import { backgroundStatements, quietServerEnv } from '../../test/counted-server.js';
import { createTestDatabase, newSharedResources, startTestServer, type TestServer } from '../../test/harness.js';
import { projectsTestKit } from '../../test/projects-kit.js';
import { servicesMissing } from '../../test/services.js';
import { startStatementCounter } from '../../test/sql-statement-counter.js';
import { startStandaloneSubgraphs, type StandaloneSubgraphs } from '../../test/standalone-subgraph.js';
import { createTask, taskBody } from '../../test/tasks-kit.js';

const person = 'id name email';
const nestedPage = `query ($p: String!) { nestedTasks(projectId: $p, limit: 10) {
  data { uniqueCode department { name } participants { employee { name } }
    comments { actor { ${person} } content }
    activities { comment { actor { ${person} } } history { type actor { ${person} } } } } } }`;

/**
 * The distributed layout: the nested page's plan asks auth for departments, employees and three sets of people at
 * once, after its one fetch from projects. They reach auth as one HTTP request, whose one context reads each kind
 * of record once for all of them, as the one-process layout does.
 */
describe.skipIf(servicesMissing)("a query plan's parallel fetches to one subgraph", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let counter: Awaited<ReturnType<typeof startStatementCounter>>;
  let subgraphs: StandaloneSubgraphs;
  let server: TestServer;
  let api: HttpClient;
  let token: string;
  let projectCode: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    counter = await startStatementCounter(database.url);
    const shared = newSharedResources(counter.url);
    const env = { ...quietServerEnv, RATE_LIMIT_ENABLED: 'false' };
    subgraphs = await startStandaloneSubgraphs(shared, env);
    server = await startTestServer(shared, {
      ...env,
      ...subgraphs.gatewayEnv,
    });
    api = eachRequestFromNewIp(httpClient(server.url));
    const kit = await projectsTestKit(api);
    const writer = await kit.employee(['projects:write', 'tasks:write', 'tasks:read', 'comments:write']);
    const colleague = await kit.employee(['tasks:read', 'comments:write']);
    const project = await api.post('/api/v1/projects', kit.projectBody((await kit.customer()).id), {
      token: writer.token,
    });
    projectCode = project.body.uniqueCode;
    const participantIds = [writer.employee.id, colleague.employee.id];
    for (let index = 0; index < 3; index += 1) {
      const task = await createTask(api, writer.token, taskBody(projectCode, writer.department.id, { participantIds }));
      const comment = await api.post(
        `/api/v1/tasks/${task.unique_code}/comments`,
        { content: 'Looks good' },
        { token: colleague.token },
      );
      expect(comment.status).toBe(201);
    }
    token = writer.token;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await subgraphs?.close();
    await counter?.close();
    await database?.drop();
  });

  /** The HTTP requests auth's server took, and the statements run, while `work` ran. */
  async function authRequestsOf(work: () => Promise<void>): Promise<{ requests: number; statements: string[] }> {
    let requests = 0;
    const count = () => (requests += 1);
    subgraphs.auth.app.server.on('request', count);
    try {
      const statements = await counter.during(work, backgroundStatements);
      return { requests, statements };
    } finally {
      subgraphs.auth.app.server.off('request', count);
    }
  }

  it('reach it as one HTTP request, whose records are read once for all of them', async () => {
    const { requests, statements } = await authRequestsOf(async () => {
      const answer = await api.graphql(nestedPage, { p: projectCode }, { token });
      expect(answer.body.errors).toBeUndefined();
      const tasks = answer.body.data.nestedTasks.data;
      expect(tasks).toHaveLength(3);
      for (const task of tasks) {
        expect(task.department.name).toBeTruthy();
        expect(task.participants.map((entry: { employee: { name: string } }) => entry.employee.name)).toHaveLength(2);
        expect(task.comments[0]).toMatchObject({ content: 'Looks good', actor: { name: expect.any(String) } });
        expect(task.activities[0].history).toMatchObject({ type: 'created', actor: { name: expect.any(String) } });
        expect(task.activities[1].comment.actor).toEqual(task.comments[0].actor);
      }
    });
    // Departments, employees, and the people of comments and changes: three fetches of people, one statement.
    expect(requests).toBe(1);
    // The page (project, count, tasks and participants in one), comments, activities; then the three of auth.
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(6);
  });
});
