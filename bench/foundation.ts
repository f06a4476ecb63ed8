import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { parseBearer } from '@platform/lib/auth/authenticator';
import type { Platform } from '@platform/lib/platform';
import { InternalIdentity } from '@platform/lib/graphql/internal-identity';
import { serveSubgraph } from '@platform/lib/graphql/serve-subgraph';
import { Readiness } from '@platform/lib/process/readiness';
import { compareArms, type Arm, type BenchRow } from './lib/compare.js';
import type { BenchContext } from './lib/context.js';
import { startRequestFloors } from './request-floors.js';

const meQuery = 'query Me { me { id email status permissions employee { name } department { name } } }';
const tokenSetFields = 'accessToken refreshToken accessTokenExpiresAt refreshTokenExpiresAt';
/** The operation the REST adapter runs for POST /api/v1/auth/refresh, word for word. */
const refreshMutation = `mutation RefreshToken($refreshToken: String!) { refreshToken(refreshToken: $refreshToken) { ${tokenSetFields} } }`;
const json = { 'content-type': 'application/json' };

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

/**
 * The floor of any Fastify route on this machine: no hooks, no plugins, no logger. Beside it, the floor of
 * /internal/verify itself: the same verification (codec and revocation read) and body on a bare route.
 */
async function startHelloWorld(platform: Platform): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.get('/hello', async () => ({ hello: 'world' }));
  app.get('/verify', async (request) => {
    const { claims } = await platform.authenticator.verifyBearer(parseBearer(request.headers.authorization)!);
    const user = claims.token_use === 'service' ? null : claims;
    return {
      valid: true,
      claims: { id: user?.id ?? null, email: user?.email ?? null, permissions: user?.permissions ?? [] },
    };
  });
  return app;
}

/** Chains of refresh tokens, one per connection, each from its own login (its own token family). */
async function refreshTokenChains(context: BenchContext): Promise<string[]> {
  const tokens: string[] = [];
  while (tokens.length < context.settings.connections) {
    const batch = await Promise.all([1, 2, 3, 4].map(() => context.bench.login()));
    tokens.push(...batch.map((set) => set.refreshToken));
  }
  return tokens.slice(0, context.settings.connections);
}

/**
 * The foundation issue's three comparisons: forward-auth against the cheapest possible route, the gateway
 * against the auth subgraph served alone, and a REST adapter against the GraphQL operation it runs; and issue
 * 17's floors: `me` and a REST refresh against the same work done by hand behind bare node:http.
 */
export async function runFoundationBench(context: BenchContext): Promise<BenchRow[]> {
  const { bench, load, settings } = context;
  const platform = bench.system.platform;
  const helloWorld = await startHelloWorld(platform);
  const helloPort = await listen(helloWorld);
  // The system's own auth subgraph (same pool, same schema) served alone; the system closes it, not this server.
  const auth = bench.system.subgraphs.find((subgraph) => subgraph.name === 'auth')!;
  const directAuth = await serveSubgraph(
    { ...auth, close: async () => undefined },
    { platform, readiness: new Readiness() },
  );
  const directPort = await listen(directAuth);
  const floors = await startRequestFloors(bench.databaseUrl, platform);
  try {
    const { accessToken } = await bench.login();
    const bearer = { authorization: `Bearer ${accessToken}` };
    const { caller } = await platform.authenticator.verifyBearer(accessToken);
    const identity = new InternalIdentity(platform.codec);
    const rows: BenchRow[] = [];

    const verify: Arm = {
      name: 'GET /internal/verify',
      port: bench.port,
      request: () => ({ method: 'GET', path: '/internal/verify', headers: { ...bearer, 'x-service-name': 'bench' } }),
    };
    const hello: Arm = {
      name: 'GET hello-world (bare Fastify)',
      port: helloPort,
      request: () => ({ method: 'GET', path: '/hello' }),
    };
    rows.push(
      ...(await compareArms(load, settings, {
        suite: 'foundation',
        name: 'verify / hello-world',
        subject: verify,
        baseline: hello,
        target: 0.5,
      })),
    );
    rows.push(
      ...(await compareArms(load, settings, {
        suite: 'foundation',
        name: 'verify floor / hello-world',
        subject: {
          name: 'verify floor: bare Fastify, same verification and body',
          port: helloPort,
          request: () => ({ method: 'GET', path: '/verify', headers: bearer }),
        },
        baseline: hello,
        target: null,
      })),
    );

    const meBody = JSON.stringify({ query: meQuery });
    const gatewayMe: Arm = {
      name: 'me via gateway /graphql',
      port: bench.port,
      request: () => ({ method: 'POST', path: '/graphql', headers: { ...json, ...bearer }, body: meBody }),
    };
    const directMe: Arm = {
      name: 'me on auth subgraph alone',
      port: directPort,
      // A fresh identity per round: the gateway signs one per request, valid for a minute.
      request: async () => ({
        method: 'POST',
        path: '/graphql',
        headers: {
          ...json,
          'x-internal-identity': await identity.sign({
            request: { requestId: `bench-${Date.now()}`, ip: '127.0.0.1', userAgent: 'bench', deviceFingerprint: null },
            caller,
            authFailure: null,
          }),
        },
        body: meBody,
      }),
    };
    rows.push(
      ...(await compareArms(load, settings, {
        suite: 'foundation',
        name: 'me / its floor',
        subject: gatewayMe,
        baseline: {
          name: 'me floor: bare node:http, same verify, Redis read, statement, JSON',
          port: floors.port,
          request: () => ({ method: 'POST', path: '/me', headers: { ...json, ...bearer }, body: meBody }),
        },
        target: 0.5,
      })),
    );
    rows.push(
      ...(await compareArms(load, settings, {
        suite: 'foundation',
        name: 'gateway / subgraph',
        subject: gatewayMe,
        baseline: directMe,
        target: 0.6,
      })),
    );

    await load.seed('refresh', await refreshTokenChains(context));
    const chain = { group: 'refresh', field: 'refreshToken' };
    const rest: Arm = {
      name: 'POST /api/v1/auth/refresh',
      port: bench.port,
      chain,
      request: () => ({
        method: 'POST',
        path: '/api/v1/auth/refresh',
        headers: json,
        body: JSON.stringify({ refreshToken: '{{token}}' }),
      }),
    };
    const graphql: Arm = {
      name: 'refreshToken via /graphql',
      port: bench.port,
      chain,
      request: () => ({
        method: 'POST',
        path: '/graphql',
        headers: json,
        body: JSON.stringify({ query: refreshMutation, variables: { refreshToken: '{{token}}' } }),
      }),
    };
    rows.push(
      ...(await compareArms(load, settings, {
        suite: 'foundation',
        name: 'REST / GraphQL',
        subject: rest,
        baseline: graphql,
        target: 0.9,
      })),
    );
    rows.push(
      ...(await compareArms(load, settings, {
        suite: 'foundation',
        name: 'REST refresh / its floor',
        subject: rest,
        baseline: {
          name: 'refresh floor: bare node:http, same transaction, signing, audit',
          port: floors.port,
          chain,
          request: () => ({
            method: 'POST',
            path: '/refresh',
            headers: json,
            body: JSON.stringify({ refreshToken: '{{token}}' }),
          }),
        },
        target: 0.6,
      })),
    );
    return rows;
  } finally {
    await floors.close();
    await directAuth.close();
    await helloWorld.close();
  }
}
