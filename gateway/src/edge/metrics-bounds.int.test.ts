import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFromNewIp } from '../../../test/client-address.js';
import { httpClient, loginAs, type HttpClient } from '../../../test/client.js';
import { adminCredentials, startIsolatedServer } from '../../../test/harness.js';
import { metricValue } from '../../../test/metrics-text.js';
import { unusedPort } from '../../../test/ports.js';
import { expectSecurityHeaders } from '../../../test/security-headers.js';
import { servicesMissing } from '../../../test/services.js';

const metricsToken = randomBytes(32).toString('base64url');
const issueMutation = `mutation ($serviceName: String!) { issueServiceToken(serviceName: $serviceName) }`;

/**
 * The exposition without Node's default metrics: those gain series by themselves (the first major garbage
 * collection adds its histogram's buckets, about 2 KB), which is not a client's doing.
 */
const ownSeries = (exposition: string) =>
  exposition
    .split('\n')
    .filter((line) => !/^(# \w+ )?(nodejs|process)_/.test(line))
    .join('\n');

/** An operation name of about 5 KB, different each time. */
const hugeName = () => `Op${randomBytes(8).toString('hex')}${'x'.repeat(5000)}`;

describe.skipIf(servicesMissing)('/metrics: bounded labels and METRICS_TOKEN (issue 31, item 5)', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let api: HttpClient;
  let adminToken: string;

  const scrape = async () => {
    const response = await api.get('/metrics', { token: metricsToken });
    expect(response.status).toBe(200);
    return response.body as string;
  };

  beforeAll(async () => {
    server = await startIsolatedServer({ METRICS_TOKEN: metricsToken, METRICS_SERVICE_NAMES: 'billing' });
    api = clientFromNewIp(server.url);
    adminToken = (await loginAs(api, adminCredentials.email, adminCredentials.password)).accessToken;
  });
  afterAll(async () => server?.close());

  it("a client's 5 KB operation names never reach /metrics, and /metrics does not grow with them", async () => {
    // The first unknown name makes the `other` series; later ones must add nothing.
    await api.graphql(`query ${hugeName()} { __typename }`);
    const before = await scrape();
    const names = Array.from({ length: 20 }, hugeName);
    for (const name of names) await api.graphql(`query ${name} { __typename }`);
    const after = await scrape();
    for (const name of names) expect(after).not.toContain(name.slice(0, 24));
    expect(ownSeries(after).length - ownSeries(before).length).toBeLessThan(2000);
    const delta =
      metricValue(after, 'graphql_operations_total', { operation: 'other', type: 'query', result: 'ok' }) -
      metricValue(before, 'graphql_operations_total', { operation: 'other', type: 'query', result: 'ok' });
    expect(delta).toBe(20);
    // The server's own operations keep their names (the REST adapters' Login).
    expect(after).toMatch(/graphql_operations_total\{operation="Login",type="mutation",result="ok"\} \d+/);
  });

  it('X-Service-Name is counted under its name only when configured or verified by its service token', async () => {
    const before = await scrape();
    const strangers = Array.from({ length: 20 }, () => `svc-${randomBytes(24).toString('hex')}`);
    for (const name of strangers) {
      await api.get('/internal/verify', { token: adminToken, headers: { 'x-service-name': name } });
    }
    await api.get('/internal/verify', { token: adminToken, headers: { 'x-service-name': 'billing' } });
    const issued = await api.graphql(issueMutation, { serviceName: 'reports' }, { token: adminToken });
    const serviceToken = issued.body.data.issueServiceToken as string;
    await api.get('/internal/verify', { token: serviceToken, headers: { 'x-service-name': 'reports' } });
    // A service token does not vouch for another name.
    await api.get('/internal/verify', { token: serviceToken, headers: { 'x-service-name': strangers[0]! } });
    const after = await scrape();
    for (const name of strangers) expect(after).not.toContain(name);
    const delta = (labels: Record<string, string>) =>
      metricValue(after, 'internal_verify_total', labels) - metricValue(before, 'internal_verify_total', labels);
    expect(delta({ service: 'other', result: 'valid' })).toBe(21);
    expect(delta({ service: 'billing', result: 'valid' })).toBe(1);
    expect(delta({ service: 'reports', result: 'valid' })).toBe(1);
  });

  it('METRICS_TOKEN: /metrics answers 401 in the one error body without the token or with another', async () => {
    for (const token of [undefined, 'not-the-token', metricsToken.slice(1)]) {
      const refused = await api.get('/metrics', token ? { token } : {});
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ message: 'Metrics token required', statusCode: 401 });
      expectSecurityHeaders(refused, `token ${String(token)}`);
    }
  });
});

describe.skipIf(servicesMissing)('/metrics on METRICS_PORT (issue 31, item 5)', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>> | undefined;
  let metricsPort: number;

  beforeAll(async () => {
    metricsPort = await unusedPort();
    server = await startIsolatedServer({ METRICS_PORT: String(metricsPort), HOST: '127.0.0.1' });
  });
  afterAll(async () => server?.close());

  it("serves /metrics on its own port only, with every answer's headers", async () => {
    const onEdge = await clientFromNewIp(server!.url).get('/metrics');
    expect(onEdge.status).toBe(404);
    const own = httpClient(`http://127.0.0.1:${metricsPort}`);
    const served = await own.get('/metrics');
    expect(served.status).toBe(200);
    expect(served.body).toContain('# TYPE http_requests_total counter');
    expectSecurityHeaders(served, 'metrics port');
    const elsewhere = await own.get('/health');
    expect(elsewhere.status).toBe(404);
  });

  it('closes the metrics port with the edge', async () => {
    await server!.close();
    server = undefined;
    await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
  });
});
