import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFromNewIp } from '../../../test/client-address.js';
import { loginAs, type HttpClient } from '../../../test/client.js';
import {
  adminCredentials,
  createTestDatabase,
  newSharedResources,
  startTestServer,
  type TestServer,
} from '../../../test/harness.js';
import { servicesMissing, testRedisUrl } from '../../../test/services.js';
import { startStandaloneSubgraphs, type StandaloneSubgraphs } from '../../../test/standalone-subgraph.js';
import { startTcpProxy } from '../../../test/tcp-proxy.js';
import { eventually } from '../../../test/waiting.js';

const unavailable = 'Service temporarily unavailable';
const me = '{ me { id } }';
const logout = 'mutation ($refreshToken: String!) { logout(refreshToken: $refreshToken) { success } }';
const projects = '{ projects(limit: 1) { meta { total } } }';

/**
 * A 503 of the graph says when to try again, as REST's does: during a Redis failover every client (a dashboard
 * over the graph as much as the phone over REST) backs off for `Retry-After` instead of failing. Found by the
 * soak: graph requests refused in the edge's request context carried no header. Rate limits are off here, so
 * the first thing that needs Redis is the token's revocation check in that context.
 */
describe.skipIf(servicesMissing)('Retry-After on the graph while Redis or a database is out of reach', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let edgeRedis: Awaited<ReturnType<typeof startTcpProxy>>;
  let subgraphRedis: Awaited<ReturnType<typeof startTcpProxy>>;
  let projectsDatabase: Awaited<ReturnType<typeof startTcpProxy>>;
  let subgraphs: StandaloneSubgraphs;
  let server: TestServer;
  let api: HttpClient;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    edgeRedis = await startTcpProxy(testRedisUrl!);
    subgraphRedis = await startTcpProxy(testRedisUrl!);
    projectsDatabase = await startTcpProxy(database.url);
    const shared = newSharedResources(database.url);
    const own = { REDIS_URL: subgraphRedis.url, RATE_LIMIT_ENABLED: 'false' };
    subgraphs = await startStandaloneSubgraphs(shared, own, {
      projects: { ...shared, databaseUrl: projectsDatabase.url },
    });
    server = await startTestServer(shared, {
      REDIS_URL: edgeRedis.url,
      RATE_LIMIT_ENABLED: 'false',
      ...subgraphs.gatewayEnv,
    });
    api = clientFromNewIp(server.url);
    token = (await loginAs(api, adminCredentials.email, adminCredentials.password)).accessToken;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await subgraphs?.close();
    await edgeRedis?.close();
    await subgraphRedis?.close();
    await projectsDatabase?.close();
    await database?.drop();
  });

  const recovered = () =>
    eventually(async () => (await api.graphql(me, {}, { token })).status === 200, { timeoutMs: 10_000 });

  it("refused in the edge's request context: 503 with Retry-After", async () => {
    edgeRedis.setMode('refuse');
    try {
      const answer = await api.graphql(me, {}, { token });
      expect(answer.status).toBe(503);
      expect(answer.body.errors?.[0]?.message).toBe(unavailable);
      expect(answer.headers.get('retry-after')).toBe('1');
    } finally {
      edgeRedis.setMode('forward');
    }
    await recovered();
  });

  it("refused by a subgraph while the edge's Redis answers: Retry-After on the graph's answer", async () => {
    // A logout revokes its access token in Redis: the auth subgraph's store, out of reach here.
    const session = await loginAs(api, adminCredentials.email, adminCredentials.password);
    subgraphRedis.setMode('refuse');
    try {
      const answer = await api.graphql(logout, { refreshToken: session.refreshToken }, { token: session.accessToken });
      expect(answer.body.errors?.[0]?.message).toBe(unavailable);
      expect(answer.body.errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE');
      expect(answer.headers.get('retry-after')).toBe('1');
    } finally {
      subgraphRedis.setMode('forward');
    }
    const healthy = await api.graphql(me, {}, { token });
    expect(healthy.status).toBe(200);
    expect(healthy.headers.get('retry-after')).toBeNull();
  });

  it('refused by a standalone subgraph that lost its database, on an operation it runs compiled: 503 with Retry-After', async () => {
    // A subgraph compiles an operation from its second run (CompiledOperations): run it past that point first.
    for (let run = 0; run < 3; run += 1)
      expect((await api.graphql(projects, {}, { token })).body.errors).toBeUndefined();
    projectsDatabase.setMode('refuse');
    try {
      const answer = await api.graphql(projects, {}, { token });
      expect(answer.body.errors?.[0]?.message).toBe(unavailable);
      expect(answer.body.errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE');
      expect(answer.headers.get('retry-after')).toBe('1');
    } finally {
      projectsDatabase.setMode('forward');
    }
    await eventually(async () => (await api.graphql(projects, {}, { token })).body.errors === undefined, {
      timeoutMs: 10_000,
    });
  });
});
