import { DeviceProofs } from '@platform/lib/auth/device-proof';
import { DeviceProofGuard } from '@platform/lib/auth/device-proof-guard';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { composeServices } from '@apollo/composition';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { GraphQLError, parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Authenticator } from '@platform/lib/auth/authenticator';
import { Revocations } from '@platform/lib/auth/revocation';
import type { GatewayContext } from '@platform/lib/graphql/context';
import type { Subgraph } from '@platform/lib/graphql/subgraph';
import { createLogger } from '@platform/lib/logger';
import { createMemoryStores } from '@platform/lib/store/memory-store';
import { collect, wsClient } from '../../../test/notifications-kit.js';
import { InProcessDataSource } from '../in-process-data-source.js';
import { GraphPlanner } from '../graph/planner.js';
import { SubscriptionPlanExecutor } from './plan-executor.js';
import { SocketAuthority } from './socket-authority.js';
import { InProcessUpstream } from './upstream.js';
import { attachSubscriptionServer } from './ws-server.js';
import { BrowserOrigins } from '../edge/browser-origins.js';
import { proxyTrustOf } from '../edge/trusted-proxies.js';

const link = 'extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])';

/** A second, test-only subscription whose payload has a field owned by another subgraph. */
const ticksSdl = `${link}
  type Query { ticksVersion: String }
  type Subscription { tick(count: Int!): Tick! failing: Tick! }
  type Tick { n: Int! viewer: Int! owner: Owner! }
  type Owner @key(fields: "id", resolvable: false) { id: ID! }`;

const ownersSdl = `${link}
  type Query { owner(id: ID!): Owner }
  type Owner @key(fields: "id") { id: ID! name: String! }`;

const upstreamState = { open: 0, closed: 0 };

const ticksResolvers = {
  Subscription: {
    tick: {
      /** A hand-written iterator that stays open after its events, as a real event source does. */
      subscribe: (_: unknown, args: { count: number }, context: GatewayContext): AsyncIterableIterator<unknown> => {
        upstreamState.open += 1;
        const viewer = context.caller?.kind === 'user' ? context.caller.userId : -1;
        let n = 0;
        let release: (() => void) | undefined;
        return {
          next: async () => {
            n += 1;
            if (n <= args.count) return { value: { tick: { n, viewer, owner: { id: `o${n}` } } }, done: false };
            await new Promise<void>((resolve) => (release = resolve));
            return { value: undefined, done: true };
          },
          return: async () => {
            upstreamState.closed += 1;
            release?.();
            return { value: undefined, done: true };
          },
          [Symbol.asyncIterator]() {
            return this;
          },
        };
      },
    },
    failing: {
      subscribe: () => {
        throw new GraphQLError('Not allowed here', { extensions: { code: 'FORBIDDEN', statusCode: 403 } });
      },
    },
  },
};

const ownersResolvers = {
  Owner: { __resolveReference: (reference: { id: string }) => ({ id: reference.id, name: `Owner ${reference.id}` }) },
};

function subgraphOf(name: string, sdl: string, resolvers: object): Subgraph {
  return {
    name,
    sdl,
    schema: buildSubgraphSchema({ typeDefs: parse(sdl), resolvers: resolvers as never }),
    createContext: (base) => base,
    health: async () => {},
    close: async () => {},
  };
}

describe('subscription bridge: any subgraph, payload fields resolved through the query plan', () => {
  let server: Server;
  let url: string;
  let bridge: { close(): Promise<void> };
  let authority: SocketAuthority;

  beforeAll(async () => {
    const subgraphs = [subgraphOf('ticks', ticksSdl, ticksResolvers), subgraphOf('owners', ownersSdl, ownersResolvers)];
    const composed = composeServices(
      subgraphs.map((subgraph) => ({
        name: subgraph.name,
        url: `http://${subgraph.name}`,
        typeDefs: parse(subgraph.sdl),
      })),
    );
    if (composed.errors) throw new Error(composed.errors.map((error) => error.message).join('\n'));
    const logger = createLogger('silent');
    const executor = new SubscriptionPlanExecutor({
      planner: new GraphPlanner(composed.supergraphSdl),
      dataSources: Object.fromEntries(
        subgraphs.map((subgraph) => [subgraph.name, new InProcessDataSource({ subgraph, logger })]),
      ),
      upstreams: Object.fromEntries(
        subgraphs.map((subgraph) => [subgraph.name, new InProcessUpstream({ subgraph, logger })]),
      ),
      logger,
    });
    const authenticator = {
      verifyBearer: async (token: string) => {
        if (token !== 'good-token') throw new Error('invalid');
        return {
          caller: { kind: 'user', userId: 42 },
          claims: { id: 42, session_id: 'bridge-session', exp: Math.floor(Date.now() / 1000) + 3600 },
        };
      },
    } as unknown as Authenticator;
    const stores = createMemoryStores();
    const revocations = new Revocations({ store: stores.keyValue, pubSub: stores.pubSub, now: Date.now });
    const proofs = new DeviceProofs({ store: stores.keyValue, secret: 'bridge-test-secret', now: Date.now });
    const deviceProofs = new DeviceProofGuard({ proofs, mode: 'optional', logger });
    authority = new SocketAuthority({
      authenticator,
      deviceProofs,
      publicUrl: undefined,
      revocations,
      logger,
      now: Date.now,
      recheckMs: 60_000,
    });
    await authority.start();
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    bridge = attachSubscriptionServer({
      server,
      path: '/graphql',
      executor,
      authority,
      origins: new BrowserOrigins({ ALLOWED_ORIGINS: [], PUBLIC_URL: undefined, PORT: 4000 }),
      trusted: proxyTrustOf(['127.0.0.1', '::1']),
      executeOperation: async () => ({ data: null }),
      formatError: (error) => error,
      logger,
      now: Date.now,
    });
  });
  afterAll(async () => {
    await bridge?.close();
    await authority?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('resolves a field owned by another subgraph for each event, with the caller passed upstream', async () => {
    const client = wsClient(url, 'good-token');
    const ticks = collect(
      client,
      'subscription ($count: Int!) { tick(count: $count) { n viewer owner { id name } } }',
      {
        count: 3,
      },
    );
    await ticks.next(3);
    expect(ticks.events.map((event: any) => event.data.tick)).toEqual([
      { n: 1, viewer: 42, owner: { id: 'o1', name: 'Owner o1' } },
      { n: 2, viewer: 42, owner: { id: 'o2', name: 'Owner o2' } },
      { n: 3, viewer: 42, owner: { id: 'o3', name: 'Owner o3' } },
    ]);
    expect(ticks.errors).toEqual([]);
    const closedBefore = upstreamState.closed;
    ticks.dispose();
    await expect.poll(() => upstreamState.closed, { timeout: 2000 }).toBe(closedBefore + 1);
    await client.dispose();
  });

  it('keeps aliases and only the fields asked for', async () => {
    const client = wsClient(url, 'good-token');
    const ticks = collect(client, 'subscription { first: tick(count: 1) { number: n owner { label: name } } }');
    await ticks.next(1);
    expect(ticks.events[0]).toEqual({ data: { first: { number: 1, owner: { label: 'Owner o1' } } } });
    ticks.dispose();
    await client.dispose();
  });

  it('reports an upstream error as a GraphQL error with its code', async () => {
    const client = wsClient(url, 'good-token');
    const failing = collect(client, 'subscription { failing { n } }');
    await failing.settled();
    const received = failing.events[0] ?? (failing.errors[0] as any);
    const errors = (received as any).errors ?? received;
    expect(errors[0]).toMatchObject({ message: 'Not allowed here', extensions: { code: 'FORBIDDEN' } });
    await client.dispose();
  });
});
