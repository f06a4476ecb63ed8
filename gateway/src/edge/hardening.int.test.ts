import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFromNewIp, freshIpHeader, uniqueIp } from '../../../test/client-address.js';
import { clientWith, loginAs, type HttpClient, type HttpResult } from '../../../test/client.js';
import { adminCredentials, startIsolatedServer } from '../../../test/harness.js';
import { expectSecurityHeaders } from '../../../test/security-headers.js';
import { servicesMissing } from '../../../test/services.js';

const allowedOrigin = 'https://app.example.test';

function expectClientError(response: HttpResult) {
  expect(response.status).toBeGreaterThanOrEqual(400);
  expect(response.status).toBeLessThan(500);
}

/** An operation of `count` aliased root fields. */
function aliases(count: number): string {
  return `{ ${Array.from({ length: count }, (_, index) => `a${index}: __typename`).join(' ')} }`;
}

/** fetch refuses TRACE and upgrades: a plain node:http request, with the answer in the client's shape. */
function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(new URL(path, baseUrl), { method, headers: { ...freshIpHeader(), ...headers } });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (typeof value === 'string') headers.set(name, value);
        }
        const text = Buffer.concat(chunks).toString('utf8');
        const json = response.headers['content-type']?.startsWith('application/json');
        resolve({ status: response.statusCode!, headers, body: json ? JSON.parse(text) : text || undefined });
      });
    });
    request.on('error', reject);
    request.end();
  });
}

/** Nested introspection fields: `depth` fields on the longest path. */
function queryOfDepth(depth: number): string {
  let inner = 'name';
  for (let level = 0; level < depth - 3; level += 1) inner = `ofType { ${inner} }`;
  return `{ __schema { types { ${inner} } } }`;
}

describe.skipIf(servicesMissing)('edge hardening', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let api: HttpClient;

  beforeAll(async () => {
    server = await startIsolatedServer({ ALLOWED_ORIGINS: allowedOrigin });
    api = clientFromNewIp(server.url);
  });
  afterAll(async () => server?.close());

  it('sends the security headers and a request id on REST, GraphQL, health, metrics, errors and 404s', async () => {
    const responses: [string, HttpResult][] = [
      ['REST success', await api.post('/api/v1/auth/login', adminCredentials)],
      ['REST 401', await api.post('/api/v1/auth/login', { email: 'x@example.test', password: 'y' })],
      ['REST 400', await api.post('/api/v1/auth/login', undefined, { rawBody: '{' })],
      ['GraphQL', await api.graphql('{ __typename }')],
      ['GraphQL error', await api.graphql('{ nope }')],
      ['health', await api.get('/health')],
      ['health db', await api.get('/health/db')],
      ['metrics', await api.get('/metrics')],
      ['internal verify 400', await api.get('/internal/verify')],
      ['404', await api.get('/no/such/path')],
      ['404 POST', await api.post('/api/v1/auth/nothing', {})],
    ];
    for (const [label, response] of responses) expectSecurityHeaders(response, label);
    expect(responses.find(([label]) => label === '404')![1].body).toEqual({
      message: 'Route not found',
      statusCode: 404,
    });
  });

  it('refuses a WebSocket upgrade (unknown path, refused origin) with the security headers and the error body', async () => {
    const upgrade = (origin?: string) => ({
      connection: 'Upgrade',
      upgrade: 'websocket',
      'sec-websocket-version': '13',
      'sec-websocket-key': randomBytes(16).toString('base64'),
      'sec-websocket-protocol': 'graphql-transport-ws',
      ...(origin ? { origin } : {}),
    });
    const unknownPath = await rawRequest(server.url, 'GET', '/nowhere', upgrade());
    expect(unknownPath.status).toBe(404);
    expect(unknownPath.body).toEqual({ message: 'Route not found', statusCode: 404 });
    expectSecurityHeaders(unknownPath, 'upgrade of an unknown path');
    const refusedOrigin = await rawRequest(server.url, 'GET', '/graphql', upgrade('https://evil.example.test'));
    expect(refusedOrigin.status).toBe(403);
    expect(refusedOrigin.body).toEqual({ message: 'Origin not allowed', statusCode: 403 });
    expectSecurityHeaders(refusedOrigin, 'upgrade from a refused origin');
    const badHandshake = await rawRequest(server.url, 'GET', '/graphql', {
      ...upgrade(),
      'sec-websocket-version': '99',
    });
    expect(badHandshake.status).toBe(400);
    expect(badHandshake.body.statusCode).toBe(400);
    expectSecurityHeaders(badHandshake, 'upgrade with a bad handshake');
  });

  it('echoes a sane X-Request-Id and makes one otherwise', async () => {
    const echoed = await api.get('/health', { headers: { 'x-request-id': 'trace-abc-123' } });
    expect(echoed.headers.get('x-request-id')).toBe('trace-abc-123');
    const onError = await api.get('/nowhere', { headers: { 'x-request-id': 'trace-404' } });
    expect(onError.headers.get('x-request-id')).toBe('trace-404');
    const onGraphQL = await api.graphql('{ __typename }', undefined, { headers: { 'x-request-id': 'trace-gql' } });
    expect(onGraphQL.headers.get('x-request-id')).toBe('trace-gql');
    const insane = await api.get('/health', { headers: { 'x-request-id': 'bad value <script>' } });
    expect(insane.headers.get('x-request-id')).not.toBe('bad value <script>');
    const generated = await api.get('/health');
    const another = await api.get('/health');
    expect(generated.headers.get('x-request-id')).not.toBe(another.headers.get('x-request-id'));
  });

  it('answers TRACE and other unsupported methods with 404 or 405', async () => {
    for (const [method, path] of [
      ['TRACE', '/health'],
      ['TRACE', '/graphql'],
      ['TRACE', '/api/v1/auth/login'],
      ['DELETE', '/api/v1/auth/login'],
      ['PUT', '/graphql'],
    ] as const) {
      const response = await rawRequest(server.url, method, path);
      expect([404, 405], `${method} ${path}`).toContain(response.status);
      expectSecurityHeaders(response, `${method} ${path}`);
    }
  });

  it('refuses a body over 1 MB with 413 on REST and GraphQL', async () => {
    const big = 'x'.repeat(1024 * 1024 + 10);
    const rest = await api.post('/api/v1/auth/login', { email: 'a@example.test', password: big });
    expect(rest.status).toBe(413);
    expect(rest.body).toEqual({ message: expect.any(String), statusCode: 413 });
    expectSecurityHeaders(rest, '413');
    const graphql = await api.graphql('{ __typename }', { padding: big });
    expect(graphql.status).toBe(413);
    const justUnder = await api.post('/api/v1/auth/login', { email: 'a@example.test', password: 'x'.repeat(1000) });
    expect(justUnder.status).toBe(401);
  });

  it('refuses an operation deeper than 12 before any resolver runs', async () => {
    const allowed = await api.graphql(queryOfDepth(12));
    expect(allowed.body.errors).toBeUndefined();
    const refused = await api.graphql(queryOfDepth(13));
    expectClientError(refused);
    expect(refused.body.data).toBeUndefined();
    expect(refused.body.errors?.[0]?.message).toMatch(/depth/);
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('refuses more than 100 aliases and more than 60 directives', async () => {
    const hundred = await clientFromNewIp(server.url).graphql(aliases(100));
    expect(hundred.body.errors).toBeUndefined();
    const tooMany = await clientFromNewIp(server.url).graphql(aliases(101));
    expectClientError(tooMany);
    expect(tooMany.body.errors?.[0]?.message).toMatch(/aliases/);
    const directives = (count: number) =>
      `{ ${Array.from({ length: count }, (_, index) => `d${index}: __typename @include(if: true)`).join(' ')} }`;
    const sixty = await clientFromNewIp(server.url).graphql(directives(60));
    expect(sixty.body.errors).toBeUndefined();
    const sixtyOne = await clientFromNewIp(server.url).graphql(directives(61));
    expectClientError(sixtyOne);
    expect(sixtyOne.body.errors?.[0]?.message).toMatch(/directives/);
  });

  it('refuses a document over 100 KB with a 400-class error', async () => {
    const padding = ' '.repeat(100 * 1024);
    const refused = await api.graphql(`{ __typename ${padding}}`);
    expectClientError(refused);
    expectSecurityHeaders(refused, 'large document');
    const atLimit = await api.graphql(`{ __typename ${' '.repeat(100 * 1024 - 20)}}`);
    expect(atLimit.status).toBe(200);
    const viaGet = await api.get(`/graphql?query=${encodeURIComponent(`{ __typename ${padding}}`)}`, {
      headers: { 'apollo-require-preflight': 'true' },
    });
    expectClientError(viaGet);
  });

  it('CSRF: no mutation through GET, text/plain or a form post', async () => {
    const mutation = `mutation { login(email: "${adminCredentials.email}", password: "${adminCredentials.password}") { accessToken } }`;
    const simpleGet = await api.get(`/graphql?query=${encodeURIComponent(mutation)}`);
    expectClientError(simpleGet);
    expect(JSON.stringify(simpleGet.body)).not.toContain('accessToken":"');
    const preflightedGet = await api.get(`/graphql?query=${encodeURIComponent(mutation)}`, {
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(preflightedGet.status).toBe(405);
    expect(JSON.stringify(preflightedGet.body)).not.toContain('accessToken":"');
    const textPlain = await api.post('/graphql', undefined, {
      rawBody: JSON.stringify({ query: mutation }),
      headers: { 'content-type': 'text/plain' },
    });
    expectClientError(textPlain);
    expect(JSON.stringify(textPlain.body)).not.toContain('accessToken":"');
    const form = await api.post('/graphql', undefined, {
      rawBody: `query=${encodeURIComponent(mutation)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectClientError(form);
    expect(JSON.stringify(form.body)).not.toContain('accessToken":"');
  });

  it('refuses a disallowed Origin and serves a listed one or none', async () => {
    const evil = await api.post('/api/v1/auth/login', adminCredentials, {
      headers: { origin: 'https://evil.example.test' },
    });
    expect(evil.status).toBe(403);
    expect(evil.body).toEqual({ message: expect.any(String), statusCode: 403 });
    expectSecurityHeaders(evil, 'bad origin');
    const evilGraphQL = await api.graphql('{ __typename }', undefined, {
      headers: { origin: 'https://evil.example.test' },
    });
    expect(evilGraphQL.status).toBe(403);
    const listed = await clientFromNewIp(server.url).post('/api/v1/auth/login', adminCredentials, {
      headers: { origin: allowedOrigin },
    });
    expect(listed.status).toBe(200);
    const none = await loginAs(clientFromNewIp(server.url), adminCredentials.email, adminCredentials.password);
    expect(none.accessToken).toBeTruthy();
  });

  it("serves a browser on the edge's own address (its pages), whatever address it was opened at", async () => {
    const sameOrigin = await clientFromNewIp(server.url).post('/api/v1/auth/login', adminCredentials, {
      headers: { origin: server.url },
    });
    expect(sameOrigin.status).toBe(200);
    const otherHost = await api.post('/api/v1/auth/login', adminCredentials, {
      headers: { origin: server.url.replace('127.0.0.1', '127.0.0.2') },
    });
    expect(otherHost.status).toBe(403);
  });

  it('refuses a subscription sent over HTTP with 400 pointing at graphql-ws', async () => {
    const { accessToken } = await loginAs(
      clientFromNewIp(server.url),
      adminCredentials.email,
      adminCredentials.password,
    );
    const overHttp = await api.graphql('subscription { inboxChanged { unreadCount } }', {}, { token: accessToken });
    expect(overHttp.status).toBe(400);
    expect(overHttp.body.errors![0]).toMatchObject({
      message: 'Subscriptions are served over graphql-ws (a WebSocket) on this path',
      extensions: { code: 'BAD_REQUEST' },
    });
  });

  it('counts each request once against the per-IP limit and GraphQL root fields as extra requests', async () => {
    const ip = uniqueIp();
    const { rateLimits } = server.system.platform.stores;
    const client = clientWith(server.url, { 'x-forwarded-for': ip });
    await client.graphql(`{ a: __typename b: __typename c: __typename }`);
    // the request and its two extra root fields: 3 hits, so a window of 3 is full and one of 4 is not
    expect((await rateLimits.hitWindow(`rl:perIp:${ip}`, 3, 3_600_000)).allowed).toBe(false);
    expect((await rateLimits.hitWindow(`rl:perIp:${ip}`, 4, 3_600_000)).allowed).toBe(true);
  });

  it('CORS: a listed origin gets its preflight answered and the allow-origin header; others do not', async () => {
    const preflightHeaders = {
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,authorization',
    };
    const preflight = await api.request('OPTIONS', '/graphql', undefined, {
      headers: { origin: allowedOrigin, ...preflightHeaders },
    });
    expect([200, 204]).toContain(preflight.status);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(allowedOrigin);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    const restPreflight = await api.request('OPTIONS', '/api/v1/auth/login', undefined, {
      headers: { origin: allowedOrigin, ...preflightHeaders },
    });
    expect(restPreflight.headers.get('access-control-allow-origin')).toBe(allowedOrigin);
    const actual = await api.graphql('{ __typename }', undefined, { headers: { origin: allowedOrigin } });
    expect(actual.headers.get('access-control-allow-origin')).toBe(allowedOrigin);
    expect(actual.headers.get('vary')?.toLowerCase()).toContain('origin');
    const refused = await api.request('OPTIONS', '/graphql', undefined, {
      headers: { origin: 'https://evil.example.test', ...preflightHeaders },
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    const noOrigin = await api.graphql('{ __typename }');
    expect(noOrigin.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses HTTP batching of GraphQL operations', async () => {
    const batch = await api.request('POST', '/graphql', [{ query: '{ __typename }' }, { query: '{ __typename }' }]);
    expectClientError(batch);
  });

  it('never lets a token-carrying GraphQL response be cached', async () => {
    const login = await clientFromNewIp(server.url).graphql(
      `mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { accessToken } }`,
      adminCredentials,
    );
    expect(login.body.data.login.accessToken).toBeTruthy();
    expect(login.headers.get('cache-control')).toBe('no-store');
  });

  it('the per-IP limit of 1000 requests an hour answers 429 with Retry-After and the error body', async () => {
    const client = clientFromNewIp(server.url);
    // 999 requests' worth in one operation: 1 request + 998 extra root fields (aliases count, decisions)
    for (const count of [100, 100, 100, 100, 100, 100, 100, 100, 100, 99]) {
      const response = await client.graphql(aliases(count));
      expect(response.body.errors).toBeUndefined();
    }
    expect((await client.get('/health')).status).toBe(200);
    const limited = await client.get('/health');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: 'Rate limit exceeded', statusCode: 429 });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3000);
    expectSecurityHeaders(limited, 'per-IP 429');
    expect((await clientFromNewIp(server.url).get('/health')).status).toBe(200);
  });
});
