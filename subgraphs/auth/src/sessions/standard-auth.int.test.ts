import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, loginAs, type HttpClient } from '../../../../test/client.js';
import { adminCredentials, startIsolatedServer } from '../../../../test/harness.js';
import { servicesMissing } from '../../../../test/services.js';

describe.skipIf(servicesMissing)('standard authentication over REST', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let api: HttpClient;

  beforeAll(async () => {
    server = await startIsolatedServer();
    api = httpClient(server.url);
  });
  afterAll(async () => server?.close());

  it('logs in and returns the token set with expiry times', async () => {
    const response = await api.post('/api/v1/auth/login', adminCredentials);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const tokens = response.body.data;
    expect(Object.keys(tokens).sort()).toEqual([
      'accessToken',
      'accessTokenExpiresAt',
      'refreshToken',
      'refreshTokenExpiresAt',
    ]);
    const accessLifetime = Date.parse(tokens.accessTokenExpiresAt) - Date.now();
    expect(accessLifetime).toBeGreaterThan(8 * 3600_000 - 60_000);
    expect(accessLifetime).toBeLessThanOrEqual(8 * 3600_000);
    const refreshLifetime = Date.parse(tokens.refreshTokenExpiresAt) - Date.now();
    expect(Math.round(refreshLifetime / 86_400_000)).toBe(3);
  });

  it('gives 30 days of refresh with rememberMe', async () => {
    const tokens = await loginAs(api, adminCredentials.email, adminCredentials.password, true);
    expect(Math.round((Date.parse(tokens.refreshTokenExpiresAt) - Date.now()) / 86_400_000)).toBe(30);
  });

  it('answers a wrong password and an unknown e-mail with the same 401', async () => {
    const wrongPassword = await api.post('/api/v1/auth/login', { email: adminCredentials.email, password: 'nope' });
    const unknownEmail = await api.post('/api/v1/auth/login', { email: 'nobody@example.test', password: 'nope' });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body).toEqual({ message: 'Invalid email or password', statusCode: 401 });
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });

  it('names the field of a bad body and refuses unknown fields and bad JSON', async () => {
    const wrongType = await api.post('/api/v1/auth/login', { email: 42, password: 'x' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toMatch(/^email: /);
    const unknownField = await api.post('/api/v1/auth/login', { ...adminCredentials, admin: true });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.message).toContain('admin');
    const badJson = await api.post('/api/v1/auth/login', undefined, { rawBody: '{"email":' });
    expect(badJson.status).toBe(400);
    expect(badJson.body.statusCode).toBe(400);
  });

  it('rotates refresh tokens and detects reuse by revoking the family', async () => {
    const first = await loginAs(api, adminCredentials.email, adminCredentials.password);
    const rotated = await api.post('/api/v1/auth/refresh', { refreshToken: first.refreshToken });
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.refreshToken).not.toBe(first.refreshToken);
    const reused = await api.post('/api/v1/auth/refresh', { refreshToken: first.refreshToken });
    expect(reused.status).toBe(401);
    expect(reused.body).toEqual({ message: 'Refresh token reuse detected', statusCode: 401 });
    const successorAfterReuse = await api.post('/api/v1/auth/refresh', {
      refreshToken: rotated.body.data.refreshToken,
    });
    expect(successorAfterReuse.status).toBe(401);
    const accessAfterReuse = await api.get('/internal/verify', {
      token: rotated.body.data.accessToken,
      headers: { 'x-service-name': 'test' },
    });
    expect(accessAfterReuse.status).toBe(401);
  });

  it('logs out: the session access token and the refresh family stop working', async () => {
    const tokens = await loginAs(api, adminCredentials.email, adminCredentials.password);
    const noBearer = await api.post('/api/v1/auth/logout', { refreshToken: tokens.refreshToken });
    expect(noBearer.status).toBe(401);
    const logout = await api.post(
      '/api/v1/auth/logout',
      { refreshToken: tokens.refreshToken },
      { token: tokens.accessToken },
    );
    expect(logout.status).toBe(200);
    expect(logout.body).toEqual({ data: { success: true } });
    const verify = await api.get('/internal/verify', {
      token: tokens.accessToken,
      headers: { 'x-service-name': 'test' },
    });
    expect(verify.status).toBe(401);
    expect(verify.body.valid).toBe(false);
    const refresh = await api.post('/api/v1/auth/refresh', { refreshToken: tokens.refreshToken });
    expect(refresh.status).toBe(401);
  });
});
