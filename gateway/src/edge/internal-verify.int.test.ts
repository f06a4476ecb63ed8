import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFromNewIp } from '../../../test/client-address.js';
import { loginAs, type HttpClient } from '../../../test/client.js';
import { adminCredentials, startIsolatedServer } from '../../../test/harness.js';
import { decodeJwt, decodeJwtHeader } from '../../../test/jwt.js';
import { metricValue } from '../../../test/metrics-text.js';
import { servicesMissing } from '../../../test/services.js';
import { createUser, meQuery } from '../../../test/users.js';

const issueMutation = `mutation ($serviceName: String!, $ttlDays: Int) {
  issueServiceToken(serviceName: $serviceName, ttlDays: $ttlDays)
}`;
const revokeMutation = `mutation ($id: ID!) { revokeServiceToken(id: $id) }`;

describe.skipIf(servicesMissing)('/internal/verify (forward auth) and service tokens', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let api: HttpClient;
  let adminToken: string;

  beforeAll(async () => {
    server = await startIsolatedServer({ METRICS_SERVICE_NAMES: 'billing,reports' });
    api = clientFromNewIp(server.url);
    adminToken = (await loginAs(api, adminCredentials.email, adminCredentials.password)).accessToken;
  });
  afterAll(async () => server?.close());

  it('answers 400 without X-Service-Name, whatever the token', async () => {
    const missing = await api.get('/internal/verify', { token: adminToken });
    expect(missing.status).toBe(400);
    expect(missing.body.statusCode).toBe(400);
    expect(missing.body.message).toContain('X-Service-Name');
    const empty = await api.get('/internal/verify', { token: adminToken, headers: { 'x-service-name': '' } });
    expect(empty.status).toBe(400);
  });

  it('answers 200 with the claims and X-User-* headers for a valid access token', async () => {
    const { user, email, password } = await createUser(api, adminToken, {
      permissions: ['projects:read', 'tasks:write'],
    });
    const { accessToken } = await loginAs(api, email, password);
    const response = await api.get('/internal/verify', {
      token: accessToken,
      headers: { 'x-service-name': 'projects' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      valid: true,
      claims: {
        id: user.id,
        email,
        permissions: ['projects:read', 'tasks:write'],
        token_use: 'access',
        device_id: null,
        trust_level: null,
      },
    });
    expect(response.headers.get('x-user-id')).toBe(String(user.id));
    expect(response.headers.get('x-user-email')).toBe(email);
    expect(response.headers.get('x-user-permissions')).toBe('projects:read,tasks:write');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 401 { valid: false, message, statusCode } for a missing or invalid token', async () => {
    const missing = await api.get('/internal/verify', { headers: { 'x-service-name': 'projects' } });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ valid: false, message: expect.any(String), statusCode: 401 });
    const invalid = await api.get('/internal/verify', {
      token: 'abc.def.ghi',
      headers: { 'x-service-name': 'projects' },
    });
    expect(invalid.status).toBe(401);
    expect(invalid.body).toEqual({ valid: false, message: expect.any(String), statusCode: 401 });
    expect(invalid.headers.get('x-user-id')).toBeNull();
  });

  it('accepts a service token issued by the admin, and refuses it once revoked', async () => {
    const issued = await api.graphql(
      issueMutation,
      { serviceName: 'notifications', ttlDays: 7 },
      { token: adminToken },
    );
    expect(issued.body.errors).toBeUndefined();
    const serviceToken: string = issued.body.data.issueServiceToken;
    const payload = decodeJwt(serviceToken);
    expect(payload).toMatchObject({ token_use: 'service', service: 'notifications' });
    expect(Math.round((payload.exp - Date.now() / 1000) / 86_400)).toBe(7);
    expect(decodeJwtHeader(serviceToken).typ).toBe('st+jwt');

    const verify = await api.get('/internal/verify', {
      token: serviceToken,
      headers: { 'x-service-name': 'notifications' },
    });
    expect(verify.status).toBe(200);
    expect(verify.body).toEqual({
      valid: true,
      claims: {
        id: null,
        email: null,
        permissions: [],
        token_use: 'service',
        device_id: null,
        trust_level: null,
        service: 'notifications',
      },
    });
    expect(verify.headers.get('x-user-id')).toBe('');

    const asUser = await api.graphql(meQuery, undefined, { token: serviceToken });
    expect(asUser.body.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', statusCode: 401 });
    const refreshWithIt = await api.post('/api/v1/auth/refresh', { refreshToken: serviceToken });
    expect(refreshWithIt.status).toBe(401);

    const revoked = await api.graphql(revokeMutation, { id: payload.jti }, { token: adminToken });
    expect(revoked.body).toEqual({ data: { revokeServiceToken: true } });
    const afterRevoke = await api.get('/internal/verify', {
      token: serviceToken,
      headers: { 'x-service-name': 'notifications' },
    });
    expect(afterRevoke.status).toBe(401);
    expect(afterRevoke.body.valid).toBe(false);

    const audit = await api.graphql(
      `{ auditLog(page: { limit: 50 }) { items { action result details } } }`,
      undefined,
      { token: adminToken },
    );
    const actions = audit.body.data.auditLog.items.map((item: { action: string }) => item.action);
    expect(actions).toContain('issue_service_token');
    expect(actions).toContain('revoke_service_token');
    expect(JSON.stringify(audit.body)).not.toContain(serviceToken);
  });

  it('issueServiceToken names the invalid field; revoking an unknown id is 404, a malformed one 400', async () => {
    const badName = await api.graphql(issueMutation, { serviceName: 'Bad Name!' }, { token: adminToken });
    expect(badName.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', statusCode: 400 });
    expect(badName.body.errors?.[0]?.message).toMatch(/^serviceName: /);
    const badTtl = await api.graphql(issueMutation, { serviceName: 'svc', ttlDays: 0 }, { token: adminToken });
    expect(badTtl.body.errors?.[0]?.message).toMatch(/^ttlDays: /);
    const defaultTtl = await api.graphql(issueMutation, { serviceName: 'svc' }, { token: adminToken });
    const exp = decodeJwt(defaultTtl.body.data.issueServiceToken).exp;
    expect(Math.round((exp - Date.now() / 1000) / 86_400)).toBe(30);

    const unknown = await api.graphql(
      revokeMutation,
      { id: '00000000-0000-4000-8000-000000000000' },
      { token: adminToken },
    );
    expect(unknown.body.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', statusCode: 404 });
    const notAnId = await api.graphql(revokeMutation, { id: 'not-a-uuid' }, { token: adminToken });
    expect(notAnId.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', statusCode: 400 });
    expect(notAnId.body.errors?.[0]?.message).toMatch(/^id: /);
  });

  it('counts calls per calling service and result in /metrics', async () => {
    const { accessToken } = await loginAs(api, adminCredentials.email, adminCredentials.password);
    const before = (await api.get('/metrics')).body as string;
    for (let i = 0; i < 3; i += 1) {
      await api.get('/internal/verify', { token: accessToken, headers: { 'x-service-name': 'billing' } });
    }
    await api.get('/internal/verify', { token: 'bad', headers: { 'x-service-name': 'billing' } });
    await api.get('/internal/verify', { token: accessToken, headers: { 'x-service-name': 'reports' } });
    const after = (await api.get('/metrics')).body as string;
    const delta = (labels: Record<string, string>) =>
      metricValue(after, 'internal_verify_total', labels) - metricValue(before, 'internal_verify_total', labels);
    expect(delta({ service: 'billing', result: 'valid' })).toBe(3);
    expect(delta({ service: 'billing', result: 'invalid' })).toBe(1);
    expect(delta({ service: 'reports', result: 'valid' })).toBe(1);
  });
});
