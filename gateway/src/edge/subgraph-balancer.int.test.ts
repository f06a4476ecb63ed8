import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFromNewIp } from '../../../test/client-address.js';
import { loginAs, type HttpClient } from '../../../test/client.js';
import { haproxyMissing, startHaproxy, type OwnHaproxy } from '../../../test/haproxy.js';
import {
  adminCredentials,
  createTestDatabase,
  newSharedResources,
  startTestServer,
  type TestServer,
} from '../../../test/harness.js';
import { servicesMissing } from '../../../test/services.js';
import { startStandaloneSubgraphs, type StandaloneSubgraphs } from '../../../test/standalone-subgraph.js';

const unavailable = 'Service temporarily unavailable';
const preferences = '{ myNotificationPreferences { channels } }';
const markAllRead = 'mutation { markAllNotificationsRead { message } }';
const projectCount = '{ projects(limit: 1) { meta { total } } }';
const projectsWithCreators = '{ projects(limit: 1) { data { creator { name } } } }';
const createCustomer = 'mutation ($input: CreateCustomerInput!) { createCustomer(input: $input) { id } }';
const createProject = `mutation ($input: CreateProjectInput!) {
  createProject(input: $input) { uniqueCode creator { name } }
}`;

/**
 * The distributed layout with the auth and notifications subgraphs behind real HAProxies, as the cluster runs them:
 * a balancer with no replica in rotation (both being restarted, or drained) answers 503 itself. The client learns
 * to try again when nothing of its operation ran, and only then (the soak's rolling restart found the first).
 */
describe.skipIf(servicesMissing || haproxyMissing)('a subgraph whose balancer has no replica in rotation', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let subgraphs: StandaloneSubgraphs;
  const balancers: Record<'auth' | 'notifications', OwnHaproxy> = {} as never;
  let server: TestServer;
  let api: HttpClient;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const shared = newSharedResources(database.url);
    const own = { RATE_LIMIT_ENABLED: 'false' };
    subgraphs = await startStandaloneSubgraphs(shared, own);
    balancers.auth = await startHaproxy(subgraphs.auth.url);
    balancers.notifications = await startHaproxy(subgraphs.notifications.url);
    server = await startTestServer(shared, {
      ...own,
      ...subgraphs.gatewayEnv,
      SUBGRAPH_AUTH_URL: balancers.auth.url,
      SUBGRAPH_NOTIFICATIONS_URL: balancers.notifications.url,
    });
    api = clientFromNewIp(server.url);
    token = (await loginAs(api, adminCredentials.email, adminCredentials.password)).accessToken;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await Promise.all(Object.values(balancers).map((balancer) => balancer.stop()));
    await subgraphs?.close();
    await database?.drop();
  });

  /** Runs `check` with the subgraph's one server in maintenance, and puts it back after. */
  async function outOfRotation(subgraph: keyof typeof balancers, check: () => Promise<void>): Promise<void> {
    await balancers[subgraph].setServerState('maint');
    try {
      await check();
    } finally {
      await balancers[subgraph].setServerState('ready');
    }
  }

  it('a query, or a mutation none of whose fetches ran: 503 with Retry-After over the graph and REST, not a masked 500', async () => {
    await outOfRotation('notifications', async () => {
      const graph = await api.graphql(preferences, {}, { token });
      expect(graph.body.errors?.[0]?.message).toBe(unavailable);
      expect(graph.body.errors?.[0]?.extensions).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        statusCode: 503,
        retryAfter: 1,
      });
      expect(graph.headers.get('retry-after')).toBe('1');
      const rest = await api.get('/api/v1/notifications/preferences', { token });
      expect(rest.status).toBe(503);
      expect(rest.body).toMatchObject({ message: unavailable });
      expect(rest.headers.get('retry-after')).toBe('1');
      // The soak's case: a mutation refused by the balancer of the one subgraph that would run it.
      const mutation = await api.graphql(markAllRead, {}, { token });
      expect(mutation.body.errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE');
      expect(mutation.headers.get('retry-after')).toBe('1');
    });
    const healthy = await api.graphql(preferences, {}, { token });
    expect(healthy.body.errors).toBeUndefined();
    expect(healthy.headers.get('retry-after')).toBeNull();
  });

  it('a mutation that already ran in another subgraph: not told to try again, which would run it twice', async () => {
    const customer = await api.graphql<{ createCustomer: { id: string } }>(
      createCustomer,
      { input: { name: 'Balancer customer' } },
      { token },
    );
    const input = {
      name: 'Created while auth is out of rotation',
      contractValue: 1000,
      customerId: customer.body.data!.createCustomer.id,
      replyDate: '2026-12-15',
    };
    await outOfRotation('auth', async () => {
      // The project is written by the projects subgraph; its creator is then asked of auth, whose balancer refuses.
      const created = await api.graphql(createProject, { input }, { token });
      expect(created.body.errors?.[0]?.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
      expect(created.headers.get('retry-after')).toBeNull();
      // A query that needs auth is still told to try again: nothing of it ran.
      const read = await api.graphql(projectsWithCreators, {}, { token });
      expect(read.body.errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE');
      expect(read.headers.get('retry-after')).toBe('1');
    });
    const count = await api.graphql<{ projects: { meta: { total: number } } }>(projectCount, {}, { token });
    expect(count.body.data?.projects.meta.total).toBe(1);
  });
});
