import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFromNewIp, uniqueIp } from '../../../../test/client-address.js';
import { clientWith, loginAs, type HttpClient } from '../../../../test/client.js';
import { onDatabase } from '../../../../test/database.js';
import { adminCredentials, startIsolatedServer } from '../../../../test/harness.js';
import { servicesMissing } from '../../../../test/services.js';
import { createUser } from '../../../../test/users.js';

const auditQuery = `query ($filter: AuditLogFilter, $page: PageInput) {
  auditLog(filter: $filter, page: $page) {
    items { id action result userId deviceId ipAddress userAgent errorCode challengeHash signature details createdAt }
    currentPage totalItems totalPages
  }
}`;

describe.skipIf(servicesMissing)('audit log through the graph', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let admin: HttpClient;
  let adminToken: string;
  const ip = uniqueIp();
  const userAgent = 'audit-test-agent/1.0';
  const secrets: string[] = [];
  let userId: number;

  beforeAll(async () => {
    server = await startIsolatedServer();
    admin = clientFromNewIp(server.url);
    const adminTokens = await loginAs(admin, adminCredentials.email, adminCredentials.password);
    adminToken = adminTokens.accessToken;
    const created = await createUser(admin, adminToken, { password: 'a-very-secret-password-42' });
    userId = created.user.id;
    const client = clientWith(server.url, { 'x-forwarded-for': ip, 'user-agent': userAgent });
    const wrong = await client.post('/api/v1/auth/login', {
      email: created.email,
      password: 'wrong-secret-password-17',
    });
    expect(wrong.status).toBe(401);
    const tokens = await loginAs(client, created.email, created.password);
    const rotated = await client.post('/api/v1/auth/refresh', { refreshToken: tokens.refreshToken });
    const reuse = await client.post('/api/v1/auth/refresh', { refreshToken: tokens.refreshToken });
    expect(reuse.status).toBe(401);
    const again = await loginAs(client, created.email, created.password);
    await client.post('/api/v1/auth/logout', { refreshToken: again.refreshToken }, { token: again.accessToken });
    const serviceToken = await admin.graphql(`mutation { issueServiceToken(serviceName: "audit-probe") }`, undefined, {
      token: adminToken,
    });
    secrets.push(
      created.password,
      'wrong-secret-password-17',
      adminCredentials.password,
      tokens.accessToken,
      tokens.refreshToken,
      rotated.body.data.accessToken,
      rotated.body.data.refreshToken,
      again.accessToken,
      again.refreshToken,
      adminTokens.refreshToken,
      adminToken,
      serviceToken.body.data.issueServiceToken,
    );
  });
  afterAll(async () => server?.close());

  it('records login, refresh, reuse and logout with user, IP, user agent, time and result', async () => {
    const response = await admin.graphql(
      auditQuery,
      { filter: { userId }, page: { limit: 100 } },
      { token: adminToken },
    );
    expect(response.body.errors).toBeUndefined();
    const items = response.body.data.auditLog.items as Record<string, any>[];
    const summary = items.map((item) => `${item.action}:${item.result}:${item.errorCode ?? ''}`).reverse();
    expect(summary).toEqual([
      'login:failure:INVALID_CREDENTIALS',
      'login:success:',
      'refresh:success:',
      'refresh:failure:REFRESH_TOKEN_REUSE',
      'login:success:',
      'logout:success:',
    ]);
    for (const item of items) {
      expect(item.ipAddress).toBe(ip);
      expect(item.userAgent).toBe(userAgent);
      expect(item.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(Date.now() - Date.parse(item.createdAt)).toBeLessThan(60_000);
    }
    const ids = items.map((item) => Number(item.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('filters by action and result and pages with totals', async () => {
    const failures = await admin.graphql(
      auditQuery,
      { filter: { action: 'refresh', result: 'failure' } },
      { token: adminToken },
    );
    expect(
      failures.body.data.auditLog.items.every((item: any) => item.action === 'refresh' && item.result === 'failure'),
    ).toBe(true);
    expect(failures.body.data.auditLog.totalItems).toBeGreaterThanOrEqual(1);
    const paged = await admin.graphql(auditQuery, { page: { page: 2, limit: 2 } }, { token: adminToken });
    const page = paged.body.data.auditLog;
    expect(page.currentPage).toBe(2);
    expect(page.items).toHaveLength(2);
    expect(page.totalPages).toBe(Math.ceil(page.totalItems / 2));
  });

  it('refuses out-of-range pages with a 400 naming the field', async () => {
    const tooLarge = await admin.graphql(auditQuery, { page: { limit: 101 } }, { token: adminToken });
    expect(tooLarge.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', statusCode: 400 });
    expect(tooLarge.body.errors?.[0]?.message).toMatch(/^limit: /);
    const zero = await admin.graphql(auditQuery, { page: { page: 0 } }, { token: adminToken });
    expect(zero.body.errors?.[0]?.message).toMatch(/^page: /);
  });

  it('is readable with audit:read and by nobody else', async () => {
    const reader = await createUser(admin, adminToken, { permissions: ['audit:read'] });
    const other = await createUser(admin, adminToken, { permissions: ['projects:read'] });
    const client = clientFromNewIp(server.url);
    const readerToken = (await loginAs(client, reader.email, reader.password)).accessToken;
    const otherToken = (await loginAs(client, other.email, other.password)).accessToken;
    const allowed = await client.graphql(auditQuery, {}, { token: readerToken });
    expect(allowed.body.errors).toBeUndefined();
    const refused = await client.graphql(auditQuery, {}, { token: otherToken });
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', statusCode: 403 });
    secrets.push(reader.password, other.password, readerToken, otherToken);
  });

  it('never contains passwords or tokens, in the graph or in the table', async () => {
    const everything = await admin.graphql(auditQuery, { page: { limit: 100 } }, { token: adminToken });
    expect(everything.body.data.auditLog.totalItems).toBeLessThanOrEqual(100);
    const graphText = JSON.stringify(everything.body);
    const rows = await onDatabase(server.shared.databaseUrl, (sql) => sql.query('select * from auth.audit_entry'));
    const tableText = JSON.stringify(rows.rows);
    expect(rows.rows.length).toBe(everything.body.data.auditLog.totalItems);
    for (const secret of secrets) {
      for (const text of [graphText, tableText]) {
        expect(text).not.toContain(secret);
        // no fragment of a token either (a signature or a payload)
        if (secret.split('.').length === 3) {
          for (const part of secret.split('.').slice(1)) expect(text).not.toContain(part);
        }
      }
    }
  });
});
