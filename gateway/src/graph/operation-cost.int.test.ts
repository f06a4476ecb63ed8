import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFromNewIp } from '../../../test/client-address.js';
import type { HttpClient } from '../../../test/client.js';
import { startIsolatedServer } from '../../../test/harness.js';
import { projectsTestKit } from '../../../test/projects-kit.js';
import { servicesMissing } from '../../../test/services.js';
import { maxAnswerBytes } from '../edge/graphql-route.js';
import { costLimits } from './operation-cost.js';

/** Issue 31, item 4: an operation's cost is bounded before it runs, and an answer's bytes when it is sent. */
describe.skipIf(servicesMissing)('bounded answers of /graphql', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let api: HttpClient;
  let kit: Awaited<ReturnType<typeof projectsTestKit>>;

  beforeAll(async () => {
    server = await startIsolatedServer();
    api = clientFromNewIp(server.url);
    kit = await projectsTestKit(api);
    const customerId = (await kit.customer()).id;
    const description = 'd'.repeat(10_000);
    for (let made = 0; made < 100; made += 10) {
      await Promise.all(
        Array.from({ length: 10 }, () =>
          api.post('/api/v1/projects', kit.projectBody(customerId, { description }), { token: kit.adminToken }),
        ),
      );
    }
  });
  afterAll(async () => server?.close());

  it('refuses an operation over the cost bound before it runs, naming the bound', async () => {
    const page = 'projects(limit: 100) { data { id documentFiles { id name path } products { id } } }';
    const query = `{ ${Array.from({ length: 100 }, (_, index) => `p${index}: ${page}`).join(' ')} }`;
    const refused = await api.graphql(query, undefined, { token: kit.adminToken });
    expect(refused.status).toBe(400);
    expect(refused.body.data).toBeUndefined();
    expect(refused.body.errors![0]!.extensions!.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(refused.body.errors![0]!.message).toMatch(
      new RegExp(`^Operation costs \\d+, over the maximum of ${costLimits.maxCost}$`),
    );
  });

  it('answers an operation whose answer passes the byte bound with the bound, not the bytes', async () => {
    const page = 'projects(limit: 100) { data { description } }';
    const one = await api.graphql(`{ ${page} }`, undefined, { token: kit.adminToken });
    expect(one.body.data.projects.data).toHaveLength(100);
    const aliases = Math.ceil(maxAnswerBytes / JSON.stringify(one.body).length) + 1;
    const query = `{ ${Array.from({ length: aliases }, (_, index) => `p${index}: ${page}`).join(' ')} }`;
    const capped = await api.graphql(query, undefined, { token: kit.adminToken });
    expect(capped.status).toBe(400);
    expect(capped.body).toEqual({
      errors: [
        {
          message: `The answer exceeds ${maxAnswerBytes} bytes: select fewer fields or a smaller page`,
          extensions: { code: 'RESPONSE_TOO_LARGE' },
        },
      ],
    });
  });
});
