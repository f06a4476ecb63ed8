import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayContext } from '@platform/lib/graphql/context';
import { createLogger } from '@platform/lib/logger';
import { createMetrics } from '@platform/lib/metrics';
import { readProjectFile } from '@platform/lib/project-root';
import { httpClient } from '../../../test/client.js';
import { createTestDatabase, newSharedResources, startIsolatedServer, testConfigOf } from '../../../test/harness.js';
import { servicesMissing } from '../../../test/services.js';
import { restRoutes, type RestRoute } from '@platform/rest-adapters/index';
import { InProcessDataSource } from '../in-process-data-source.js';
import { openSystem } from '../system.js';
import { FixedOperations } from './fixed-operations.js';
import { formatGatewayError } from './format-error.js';
import { GraphPlanner } from './planner.js';

const mobileChallenge = `mutation MobileChallenge($deviceFingerprint: String!) {
  mobileChallenge(deviceFingerprint: $deviceFingerprint) { challenge expiresAt sessionId }
}`;
const pushDevicesWithUsers = 'query MyPushDevices { myPushDevices { deviceId user { id email } } }';

const anonymous: GatewayContext = {
  request: { requestId: 'fixed-operations-test', ip: '127.0.0.1', userAgent: null, deviceFingerprint: null },
  caller: null,
  authFailure: null,
};

describe.skipIf(servicesMissing)('fixed operations', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let fixed: FixedOperations;
  let planner: GraphPlanner;
  let sources: Map<string, InProcessDataSource>;
  const throughGateway: string[] = [];

  beforeAll(async () => {
    server = await startIsolatedServer();
    const logger = createLogger('silent');
    sources = new Map(
      server.system.subgraphs.map((subgraph) => [subgraph.name, new InProcessDataSource({ subgraph, logger })]),
    );
    planner = new GraphPlanner(readProjectFile('schema', 'supergraph.graphql'));
    fixed = new FixedOperations({
      planner,
      metrics: createMetrics(),
      localSource: (name) => sources.get(name),
      viaGateway: async (query) => {
        throughGateway.push(query);
        return { data: null };
      },
      formatError: formatGatewayError(logger),
    });
  });
  afterAll(async () => server?.close());

  it('answers a single-subgraph operation in the subgraph, with the error the gateway gives', async () => {
    const variables = { deviceFingerprint: 'a'.repeat(32) };
    const direct = await fixed.execute(mobileChallenge, variables, anonymous);
    const viaHttp = await httpClient(server.url).graphql(mobileChallenge, variables);
    expect(throughGateway).toEqual([]);
    expect(direct.data).toBeNull();
    expect(direct.errors).toHaveLength(1);
    expect(viaHttp.body.errors).toHaveLength(1);
    const [directError, gatewayError] = [direct.errors![0]!, viaHttp.body.errors![0]!];
    expect(directError.message).toBe('Device not found or inactive');
    expect(directError.message).toBe(gatewayError.message);
    expect(directError.extensions).toEqual(gatewayError.extensions);
  });

  it("compiles every REST route's operation that one subgraph in this process answers (graphql-jit)", () => {
    const routes = [...new Set(restRoutes.map((route) => route.operation))].map((query) => ({
      query,
      route: fixed.routeOf(query),
    }));
    const inOneSubgraph = routes.filter(({ route }) => route.via === 'subgraph');
    // Most routes are answered in one subgraph; the rest go through the gateway.
    expect(inOneSubgraph.length).toBeGreaterThan(restRoutes.length / 2);
    const interpreted = inOneSubgraph.filter(({ route }) => route.via === 'subgraph' && !route.compiled);
    expect(interpreted.map(({ query }) => query)).toEqual([]);
  });

  it('tells where an operation is answered: a subgraph in this process, or the gateway', () => {
    expect(fixed.routeOf(mobileChallenge)).toEqual({ via: 'subgraph', subgraph: 'auth', compiled: true });
    expect(fixed.routeOf(pushDevicesWithUsers)).toEqual({ via: 'gateway' });
  });

  it('sends an operation that needs two subgraphs through the gateway', async () => {
    await fixed.execute(pushDevicesWithUsers, {}, anonymous);
    expect(throughGateway).toEqual([pushDevicesWithUsers]);
  });

  it('refuses an operation that is not valid against the supergraph', async () => {
    await expect(fixed.execute('query { noSuchField }', {}, anonymous)).rejects.toThrow(
      /fixed operation is not valid against the supergraph/,
    );
  });
});

describe.skipIf(servicesMissing)('REST operations at start-up', () => {
  const broken: RestRoute = {
    ...restRoutes.find((route) => route.url === '/api/v1/projects' && route.method === 'GET')!,
    url: '/api/v1/projects/broken-example',
    operation: 'query BrokenExample { projects { noSuchField } }',
  };
  let database: Awaited<ReturnType<typeof createTestDatabase>>;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.drop());

  // In both layouts: every subgraph in this process, and the projects subgraph in its own (never reached at start).
  it.each([
    ['one process', {}],
    ['projects in its own process', { SUBGRAPH_PROJECTS_URL: 'http://127.0.0.1:9/graphql' }],
  ])('a broken operation stops the edge from starting, naming its route (%s)', async (_layout, env) => {
    const config = testConfigOf(newSharedResources(database.url), env);
    const starting = openSystem(config, database.url, undefined, { routes: [...restRoutes, broken] });
    await expect(starting).rejects.toThrow(
      /^REST route GET \/api\/v1\/projects\/broken-example: fixed operation is not valid against the supergraph: Cannot query field "noSuchField"/,
    );
  });
});
