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
import { startTcpProxy } from '../../../test/tcp-proxy.js';
import { eventually } from '../../../test/waiting.js';

const unavailable = { message: 'Service temporarily unavailable', statusCode: 503 };
const verifyHeaders = { 'x-service-name': 'outage-test' };

async function timed<T>(work: Promise<T>): Promise<[T, number]> {
  const started = Date.now();
  const result = await work;
  return [result, Date.now() - started];
}

/** Waits for the server to report itself healthy again after an outage ends. */
const recovered = (api: HttpClient, timeoutMs?: number) =>
  eventually(async () => (await api.get('/health')).status === 200, { timeoutMs, intervalMs: 200 });

describe.skipIf(servicesMissing)('outages of Redis and PostgreSQL while running', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let redisProxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let postgresProxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let server: TestServer;
  let api: HttpClient;

  beforeAll(async () => {
    database = await createTestDatabase();
    redisProxy = await startTcpProxy(testRedisUrl!);
    postgresProxy = await startTcpProxy(database.url);
    server = await startTestServer(newSharedResources(postgresProxy.url), { REDIS_URL: redisProxy.url });
    api = clientFromNewIp(server.url);
  });
  afterAll(async () => {
    await server?.close();
    await redisProxy?.close();
    await postgresProxy?.close();
    await database?.drop();
  });

  it('Redis gone: 503 within about a second, health degraded; back: recovers, and a logout stays in force', async () => {
    const tokens = await loginAs(api, adminCredentials.email, adminCredentials.password);
    const loggedOut = await loginAs(api, adminCredentials.email, adminCredentials.password);
    await api.post('/api/v1/auth/logout', { refreshToken: loggedOut.refreshToken }, { token: loggedOut.accessToken });

    redisProxy.setMode('refuse');
    const [login, loginMs] = await timed(api.post('/api/v1/auth/login', adminCredentials));
    expect(login.status).toBe(503);
    expect(login.body).toEqual(unavailable);
    expect(login.headers.get('retry-after'), 'a 503 says when to try again').toBe('1');
    expect(loginMs).toBeLessThan(1500);
    const [verify, verifyMs] = await timed(
      api.get('/internal/verify', { token: tokens.accessToken, headers: verifyHeaders }),
    );
    expect(verify.status).toBe(503);
    expect(verifyMs).toBeLessThan(1500);
    const health = await api.get('/health');
    expect(health.status).toBe(503);
    expect(health.body.services).toMatchObject({ database: 'healthy', cache: 'unhealthy' });

    redisProxy.setMode('forward');
    await recovered(api);
    expect((await api.post('/api/v1/auth/login', adminCredentials)).status).toBe(200);
    const stillRevoked = await api.get('/internal/verify', { token: loggedOut.accessToken, headers: verifyHeaders });
    expect(stillRevoked.status).toBe(401);
    const stillValid = await api.get('/internal/verify', { token: tokens.accessToken, headers: verifyHeaders });
    expect(stillValid.status).toBe(200);
  });

  it.each(['blackhole', 'freeze'] as const)('Redis hanging (%s): fail closed within about a second', async (mode) => {
    redisProxy.setMode(mode);
    try {
      const [login, loginMs] = await timed(api.post('/api/v1/auth/login', adminCredentials));
      expect(login.status).toBe(503);
      expect(login.body).toEqual(unavailable);
      expect(loginMs).toBeLessThan(2500);
      const [health, healthMs] = await timed(api.get('/health'));
      expect(health.status).toBe(503);
      expect(healthMs).toBeLessThan(2500);
    } finally {
      redisProxy.setMode('forward');
    }
    await recovered(api);
  });

  it('PostgreSQL gone: login answers 503, health reports the database; back: recovers', async () => {
    postgresProxy.setMode('refuse');
    try {
      const [login, loginMs] = await timed(api.post('/api/v1/auth/login', adminCredentials));
      expect(login.status).toBe(503);
      expect(login.body).toEqual(unavailable);
      expect(login.headers.get('retry-after'), 'a 503 says when to try again').toBe('1');
      expect(loginMs).toBeLessThan(2500);
      const health = await api.get('/health');
      expect(health.status).toBe(503);
      expect(health.body.services).toMatchObject({ database: 'unhealthy', cache: 'healthy' });
      const db = await api.get('/health/db');
      expect(db.status).toBe(503);
    } finally {
      postgresProxy.setMode('forward');
    }
    await recovered(api);
    expect((await clientFromNewIp(server.url).post('/api/v1/auth/login', adminCredentials)).status).toBe(200);
  });

  it('PostgreSQL frozen mid-connection: fails closed within about a second, never hangs', async () => {
    await loginAs(clientFromNewIp(server.url), adminCredentials.email, adminCredentials.password);
    postgresProxy.setMode('freeze');
    try {
      const [login, loginMs] = await timed(clientFromNewIp(server.url).post('/api/v1/auth/login', adminCredentials));
      expect(login.status).toBe(503);
      expect(login.body).toEqual(unavailable);
      expect(loginMs).toBeLessThan(2500);
      const [health, healthMs] = await timed(api.get('/health'));
      expect(health.status).toBe(503);
      expect(health.body.services.database).toBe('unhealthy');
      expect(healthMs).toBeLessThan(2500);
    } finally {
      postgresProxy.setMode('forward');
    }
    await recovered(api, 15_000);
    expect((await clientFromNewIp(server.url).post('/api/v1/auth/login', adminCredentials)).status).toBe(200);
  });
});
