import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFromNewIp } from '../../../../test/client-address.js';
import { failInsertsInto } from '../../../../test/fault-injection.js';
import { httpClient, loginAs, type HttpClient, type HttpResult } from '../../../../test/client.js';
import { adminCredentials, startIsolatedServer } from '../../../../test/harness.js';
import { firstRateLimitedAttempt } from '../../../../test/rate-limits.js';
import { servicesMissing } from '../../../../test/services.js';
import { createUser, disableUserMutation } from '../../../../test/users.js';

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

  it('leaves the refresh token usable when storing its successor fails, so the retry is not reuse', async () => {
    const tokens = (await api.post('/api/v1/auth/login', adminCredentials)).body.data;
    const failure = await failInsertsInto(server.shared.databaseUrl, 'auth.refresh_token');
    try {
      const failed = await api.post('/api/v1/auth/refresh', { refreshToken: tokens.refreshToken });
      expect(failed.status).toBe(500);
    } finally {
      await failure.restore();
    }
    const retried = await api.post('/api/v1/auth/refresh', { refreshToken: tokens.refreshToken });
    expect(retried.status).toBe(200);
    expect(retried.body.data.refreshToken).not.toBe(tokens.refreshToken);
    const reused = await api.post('/api/v1/auth/refresh', { refreshToken: tokens.refreshToken });
    expect(reused.status).toBe(401);
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

  describe('error rows', () => {
    let adminToken: string;

    beforeAll(async () => {
      adminToken = (await loginAs(clientFromNewIp(server.url), adminCredentials.email, adminCredentials.password))
        .accessToken;
    });

    const newUser = () => createUser(clientFromNewIp(server.url), adminToken);

    it('login: a missing field is named, with nothing echoed', async () => {
      const client = clientFromNewIp(server.url);
      const missingPassword = await client.post('/api/v1/auth/login', { email: 'someone@example.test' });
      expect(missingPassword.status).toBe(400);
      expect(missingPassword.body.statusCode).toBe(400);
      expect(missingPassword.body.message).toMatch(/^password: /);
      const emptyEmail = await client.post('/api/v1/auth/login', { email: '', password: 'secret-value-x' });
      expect(emptyEmail.status).toBe(400);
      expect(emptyEmail.body.message).toMatch(/^email: /);
      expect(JSON.stringify(emptyEmail.body)).not.toContain('secret-value-x');
      const wrongRememberMe = await client.post('/api/v1/auth/login', {
        email: 'a@example.test',
        password: 'x',
        rememberMe: 'yes',
      });
      expect(wrongRememberMe.status).toBe(400);
      expect(wrongRememberMe.body.message).toMatch(/^rememberMe: /);
    });

    it('login: a bad or expired bearer is ignored by the public operations; timestamps carry milliseconds', async () => {
      const { email, password } = await newUser();
      const client = clientFromNewIp(server.url);
      const response = await client.post('/api/v1/auth/login', { email, password }, { token: 'not.a.token' });
      expect(response.status).toBe(200);
      const { accessTokenExpiresAt, refreshTokenExpiresAt } = response.body.data;
      for (const timestamp of [accessTokenExpiresAt, refreshTokenExpiresAt]) {
        expect(timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      }
      const refresh = await client.post(
        '/api/v1/auth/refresh',
        { refreshToken: response.body.data.refreshToken },
        { headers: { authorization: 'Basic abc' } },
      );
      expect(refresh.status).toBe(200);
    });

    it('login: e-mails are case-insensitive', async () => {
      const { email, password } = await newUser();
      const client = clientFromNewIp(server.url);
      const response = await client.post('/api/v1/auth/login', { email: email.toUpperCase(), password });
      expect(response.status).toBe(200);
    });

    it('login: a disabled user gets the same 401', async () => {
      const { user, email, password } = await newUser();
      const admin = clientFromNewIp(server.url);
      const disabled = await admin.graphql(disableUserMutation, { id: user.id }, { token: adminToken });
      expect(disabled.body.data?.disableUser.status).toBe('disabled');
      const response = await clientFromNewIp(server.url).post('/api/v1/auth/login', { email, password });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Invalid email or password', statusCode: 401 });
    });

    it('refresh: a malformed token, an access token and a missing field are refused', async () => {
      const { email, password } = await newUser();
      const client = clientFromNewIp(server.url);
      const tokens = await loginAs(client, email, password);
      const garbage = await client.post('/api/v1/auth/refresh', { refreshToken: 'not-a-token' });
      expect(garbage.status).toBe(401);
      expect(garbage.body).toEqual({ message: 'Invalid refresh token', statusCode: 401 });
      const accessAsRefresh = await client.post('/api/v1/auth/refresh', { refreshToken: tokens.accessToken });
      expect(accessAsRefresh.status).toBe(401);
      expect(accessAsRefresh.body).toEqual({ message: 'Invalid refresh token', statusCode: 401 });
      const missing = await client.post('/api/v1/auth/refresh', {});
      expect(missing.status).toBe(400);
      expect(missing.body.message).toMatch(/^refreshToken: /);
      const stillValid = await client.post('/api/v1/auth/refresh', { refreshToken: tokens.refreshToken });
      expect(stillValid.status).toBe(200);
      expect(stillValid.headers.get('cache-control')).toBe('no-store');
    });

    it('refresh: keeps the family absolute expiry and a disabled user cannot refresh', async () => {
      const { user, email, password } = await newUser();
      const client = clientFromNewIp(server.url);
      const tokens = await loginAs(client, email, password);
      const rotated = await client.post('/api/v1/auth/refresh', { refreshToken: tokens.refreshToken });
      expect(rotated.status).toBe(200);
      expect(Date.parse(rotated.body.data.refreshTokenExpiresAt)).toBeLessThanOrEqual(
        Date.parse(tokens.refreshTokenExpiresAt),
      );
      await clientFromNewIp(server.url).graphql(disableUserMutation, { id: user.id }, { token: adminToken });
      const afterDisable = await client.post('/api/v1/auth/refresh', {
        refreshToken: rotated.body.data.refreshToken,
      });
      expect(afterDisable.status).toBe(401);
    });

    it("logout: wrong refresh token, another user's token, a refresh token as bearer, a missing field", async () => {
      const first = await newUser();
      const second = await newUser();
      const client = clientFromNewIp(server.url);
      const mine = await loginAs(client, first.email, first.password);
      const theirs = await loginAs(client, second.email, second.password);
      const garbage = await client.post(
        '/api/v1/auth/logout',
        { refreshToken: 'not-a-token' },
        { token: mine.accessToken },
      );
      expect(garbage.status).toBe(401);
      expect(garbage.body.statusCode).toBe(401);
      const otherUsers = await client.post(
        '/api/v1/auth/logout',
        { refreshToken: theirs.refreshToken },
        { token: mine.accessToken },
      );
      expect(otherUsers.status).toBe(401);
      const theirRefresh = await client.post('/api/v1/auth/refresh', { refreshToken: theirs.refreshToken });
      expect(theirRefresh.status).toBe(200);
      const refreshAsBearer = await client.post(
        '/api/v1/auth/logout',
        { refreshToken: mine.refreshToken },
        { token: mine.refreshToken },
      );
      expect(refreshAsBearer.status).toBe(401);
      const missing = await client.post('/api/v1/auth/logout', {}, { token: mine.accessToken });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toMatch(/^refreshToken: /);
      const stillLoggedIn = await client.get('/internal/verify', {
        token: mine.accessToken,
        headers: { 'x-service-name': 'test' },
      });
      expect(stillLoggedIn.status).toBe(200);
    });
  });

  it('refresh: the Authentication limit counts per token family across client IPs', async () => {
    const adminToken = (await loginAs(clientFromNewIp(server.url), adminCredentials.email, adminCredentials.password))
      .accessToken;
    const { email, password } = await createUser(clientFromNewIp(server.url), adminToken);
    let { refreshToken } = await loginAs(clientFromNewIp(server.url), email, password);
    let limited: HttpResult | undefined;
    const refusedAt = await firstRateLimitedAttempt(async () => {
      const response = await clientFromNewIp(server.url).post('/api/v1/auth/refresh', { refreshToken });
      if (response.status === 200) refreshToken = response.body.data.refreshToken;
      else limited = response;
      return response;
    }, 23);
    // a burst of 20 per family; a slow machine may have refilled one more (10 a minute)
    expect(refusedAt).toBeGreaterThanOrEqual(21);
    expect(refusedAt).toBeLessThanOrEqual(22);
    expect(limited!.body).toEqual({ message: 'Rate limit exceeded', statusCode: 429 });
    expect(limited!.headers.get('retry-after')).toBeTruthy();
  });

  describe('lock-out', () => {
    it('locks an e-mail after 5 failures: the right password then gets 401, and the audit says locked', async () => {
      const adminClient = clientFromNewIp(server.url);
      const adminToken = (await loginAs(adminClient, adminCredentials.email, adminCredentials.password)).accessToken;
      const { user, email, password } = await createUser(adminClient, adminToken);
      const client = clientFromNewIp(server.url);
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const failed = await client.post('/api/v1/auth/login', { email, password: `wrong-password-${attempt}` });
        expect(failed.status).toBe(401);
      }
      const locked = await client.post('/api/v1/auth/login', { email, password });
      expect(locked.status).toBe(401);
      expect(locked.body).toEqual({ message: 'Invalid email or password', statusCode: 401 });
      const fromElsewhere = await clientFromNewIp(server.url).post('/api/v1/auth/login', { email, password });
      expect(fromElsewhere.status).toBe(401);
      const audit = await adminClient.graphql(
        `query ($filter: AuditLogFilter) { auditLog(filter: $filter, page: { limit: 100 }) {
          items { action result userId errorCode details } } }`,
        { filter: { action: 'login', userId: user.id } },
        { token: adminToken },
      );
      const results = audit.body.data!.auditLog.items.map((item: { result: string }) => item.result);
      expect(results.filter((result: string) => result === 'failure')).toHaveLength(4);
      expect(results.filter((result: string) => result === 'locked').length).toBeGreaterThanOrEqual(1);
      const lockedAttempts = await adminClient.graphql(
        `query ($filter: AuditLogFilter) { auditLog(filter: $filter, page: { limit: 100 }) { items { details } } }`,
        { filter: { action: 'login', result: 'locked' } },
        { token: adminToken },
      );
      const lockedFor = lockedAttempts.body.data!.auditLog.items.filter(
        (item: { details: string | null }) => item.details && JSON.parse(item.details).email === email,
      );
      // the 5th failure locks, then the two attempts with the right password are refused as locked
      expect(lockedFor).toHaveLength(3);
    });

    it('a success before the 5th failure resets the count', async () => {
      const adminClient = clientFromNewIp(server.url);
      const adminToken = (await loginAs(adminClient, adminCredentials.email, adminCredentials.password)).accessToken;
      const { email, password } = await createUser(adminClient, adminToken);
      const client = clientFromNewIp(server.url);
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        expect((await client.post('/api/v1/auth/login', { email, password: 'wrong-password' })).status).toBe(401);
      }
      expect((await client.post('/api/v1/auth/login', { email, password })).status).toBe(200);
      expect((await client.post('/api/v1/auth/login', { email, password: 'wrong-password' })).status).toBe(401);
      expect((await client.post('/api/v1/auth/login', { email, password })).status).toBe(200);
    });
  });
});
