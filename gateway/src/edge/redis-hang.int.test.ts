import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFromNewIp } from '../../../test/client-address.js';
import { loginAs, type HttpClient, type HttpResult } from '../../../test/client.js';
import {
  adminCredentials,
  createTestDatabase,
  newSharedResources,
  startTestServer,
  type TestServer,
} from '../../../test/harness.js';
import { startOwnRedis, type OwnRedis } from '../../../test/redis-server.js';
import { servicesMissing } from '../../../test/services.js';
import { eventually } from '../../../test/waiting.js';

const unavailable = { message: 'Service temporarily unavailable', statusCode: 503 };
const verifyHeaders = { 'x-service-name': 'redis-hang' };
/**
 * The bound of issue 23, item 4 is 2 s; the edge answers well before it (measured ~510 ms for requests and
 * ~760 ms for health on a loaded machine; health took 2,015 ms before), with room for a busy CI machine.
 */
const requestBoundMs = 1800;
const healthBoundMs = 1500;

/** The close code of a graphql-ws socket opened with this token, or 0 once it is acknowledged. */
async function socketOutcome(url: string, token: string): Promise<number> {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
  socket.on('error', () => undefined);
  const outcome = new Promise<number>((resolve) => {
    socket.on('close', (code) => resolve(code));
    socket.on('message', (data) => {
      if (JSON.parse(String(data)).type === 'connection_ack') resolve(0);
    });
  });
  socket.on('open', () =>
    socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } })),
  );
  const code = await outcome;
  socket.terminate();
  return code;
}

async function timed(work: Promise<HttpResult>): Promise<[HttpResult, number]> {
  const started = performance.now();
  const result = await work;
  return [result, performance.now() - started];
}

/**
 * Issue 23, item 4: Redis stopped but not closed (SIGSTOP to a redis-server of the test's own; the machine's
 * shared Redis is never touched). Requests that need it answer 503 well within 2 s, /health reports the cache
 * unhealthy within about a second, and everything recovers by itself after SIGCONT.
 */
describe.skipIf(servicesMissing)('Redis hanging (SIGSTOP)', () => {
  let redis: OwnRedis;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: TestServer;
  let api: HttpClient;

  beforeAll(async () => {
    redis = await startOwnRedis();
    database = await createTestDatabase();
    server = await startTestServer(newSharedResources(database.url), { REDIS_URL: redis.url });
    api = clientFromNewIp(server.url);
  });
  afterAll(async () => {
    redis?.thaw();
    await server?.close();
    await redis?.stop();
    await database?.drop();
  });

  it('answers 503 well within 2 s, reports the cache unhealthy within about a second, and recovers', async () => {
    const tokens = await loginAs(api, adminCredentials.email, adminCredentials.password);
    redis.freeze();
    try {
      const [health, healthMs] = await timed(api.get('/health'));
      expect(health.status).toBe(503);
      expect(health.body.services).toMatchObject({ database: 'healthy', cache: 'unhealthy' });
      expect(healthMs).toBeLessThan(healthBoundMs);
      const requests: [string, () => Promise<HttpResult>][] = [
        ['login', () => api.post('/api/v1/auth/login', adminCredentials)],
        ['refresh', () => api.post('/api/v1/auth/refresh', { refreshToken: tokens.refreshToken })],
        ['REST read', () => api.get('/api/v1/projects', { token: tokens.accessToken })],
        ['graph read', () => api.graphql('{ me { id } }', {}, { token: tokens.accessToken })],
        ['verify', () => api.get('/internal/verify', { token: tokens.accessToken, headers: verifyHeaders })],
      ];
      for (const [label, send] of requests) {
        const [answer, ms] = await timed(send());
        expect(answer.status, label).toBe(503);
        if (label !== 'graph read') expect(answer.body, label).toEqual(unavailable);
        expect(ms, label).toBeLessThan(requestBoundMs);
      }
    } finally {
      redis.thaw();
    }
    await eventually(async () => (await api.get('/health')).status === 200, { timeoutMs: 5000, intervalMs: 100 });
    expect((await api.get('/health')).body.services.cache).toBe('healthy');
    expect((await api.post('/api/v1/auth/login', adminCredentials)).status).toBe(200);
    const verified = await api.get('/internal/verify', { token: tokens.accessToken, headers: verifyHeaders });
    expect(verified.status).toBe(200);
  });

  it('closes a socket whose token cannot be checked with 1013 (try again later), not 4403, and admits it after', async () => {
    const tokens = await loginAs(api, adminCredentials.email, adminCredentials.password);
    redis.freeze();
    try {
      const started = performance.now();
      expect(await socketOutcome(server.url, tokens.accessToken)).toBe(1013);
      expect(performance.now() - started).toBeLessThan(requestBoundMs);
    } finally {
      redis.thaw();
    }
    await eventually(async () => (await socketOutcome(server.url, tokens.accessToken)) === 0, {
      timeoutMs: 5000,
      intervalMs: 100,
    });
  });
});
