import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFromNewIp } from '../../../test/client-address.js';
import { loginAs, type HttpClient } from '../../../test/client.js';
import { adminCredentials, startIsolatedServer } from '../../../test/harness.js';
import { unusedPort } from '../../../test/ports.js';
import { servicesMissing } from '../../../test/services.js';

const isoTimestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe.skipIf(servicesMissing)('health and metrics', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let api: HttpClient;

  beforeAll(async () => {
    server = await startIsolatedServer();
    api = clientFromNewIp(server.url);
  });
  afterAll(async () => server?.close());

  it('/health answers the health record, not wrapped', async () => {
    const response = await api.get('/health');
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['services', 'status', 'timestamp', 'uptime', 'version']);
    expect(response.body.status).toBe('ok');
    expect(response.body.timestamp).toMatch(isoTimestamp);
    expect(Math.abs(Date.parse(response.body.timestamp) - Date.now())).toBeLessThan(5000);
    expect(typeof response.body.version).toBe('string');
    expect(response.body.version.length).toBeGreaterThan(0);
    expect(Number.isInteger(response.body.uptime)).toBe(true);
    expect(response.body.uptime).toBeGreaterThanOrEqual(0);
    expect(response.body.services).toEqual({ database: 'healthy', cache: 'healthy', push: 'disabled' });
  });

  it('/health/db reports the database', async () => {
    const response = await api.get('/health/db');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'ok', database: 'healthy' });
    expect(response.body.timestamp).toMatch(isoTimestamp);
  });

  it('/metrics exposes http_requests_total and graphql_operations_total in the Prometheus format', async () => {
    await loginAs(api, adminCredentials.email, adminCredentials.password);
    await api.graphql('query Probe { __typename }');
    await api.graphql('{ nope }');
    const response = await api.get('/metrics');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = response.body as string;
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(text).toMatch(/http_requests_total\{method="POST",route="\/api\/v1\/auth\/login",status="200"\} \d+/);
    expect(text).toContain('# TYPE graphql_operations_total counter');
    // A client's own operation name is not one of the server's: it counts as `other` (metrics-bounds.int.test.ts).
    expect(text).toMatch(/graphql_operations_total\{operation="other",type="query",result="ok"\} 1/);
    expect(text).toMatch(/graphql_operations_total\{operation="Login",type="mutation",result="ok"\} \d+/);
    expect(text).toMatch(/graphql_operations_total\{[^}]*result="error"\} \d+/);
  });
});

describe.skipIf(servicesMissing)('outage: Redis unreachable', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let api: HttpClient;

  beforeAll(async () => {
    server = await startIsolatedServer({ REDIS_URL: `redis://127.0.0.1:${await unusedPort()}` });
    api = clientFromNewIp(server.url);
  });
  afterAll(async () => server?.close());

  it('login fails closed and fast with 503', async () => {
    const started = Date.now();
    const response = await api.post('/api/v1/auth/login', adminCredentials);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ message: 'Service temporarily unavailable', statusCode: 503 });
    const graphql = await api.graphql(`mutation { login(email: "a@example.test", password: "x") { accessToken } }`);
    expect([200, 503]).toContain(graphql.status);
    expect(JSON.stringify(graphql.body)).toContain('Service temporarily unavailable');
  });

  it('/health reports the cache unhealthy with 503', async () => {
    const started = Date.now();
    const response = await api.get('/health');
    expect(Date.now() - started).toBeLessThan(1500);
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({
      status: 'degraded',
      services: { database: 'healthy', cache: 'unhealthy', push: 'disabled' },
    });
  });

  it('a bearer cannot be checked for revocation, so it is refused rather than trusted', async () => {
    const verify = await api.get('/internal/verify', {
      token: 'x.y.z',
      headers: { 'x-service-name': 'probe' },
    });
    expect(verify.status).toBe(503);
  });
});
