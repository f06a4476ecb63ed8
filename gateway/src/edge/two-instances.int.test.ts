import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFromNewIp, uniqueIp } from '../../../test/client-address.js';
import { clientWith, loginAs, type HttpClient } from '../../../test/client.js';
import {
  adminCredentials,
  createTestDatabase,
  newSharedResources,
  startTestServer,
  type TestServer,
} from '../../../test/harness.js';
import { firstRateLimitedAttempt, lockedEmail } from '../../../test/rate-limits.js';
import { servicesMissing } from '../../../test/services.js';
import { createUser, disableUserMutation, meQuery } from '../../../test/users.js';

const verifyHeaders = { 'x-service-name': 'two-instances' };

describe.skipIf(servicesMissing)('two instances on one database and one Redis', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let first: TestServer;
  let second: TestServer;
  let adminToken: string;

  /** Clients of both instances that present the same client IP. */
  const pair = (ip = uniqueIp()): [HttpClient, HttpClient] => [
    clientWith(first.url, { 'x-forwarded-for': ip }),
    clientWith(second.url, { 'x-forwarded-for': ip }),
  ];

  beforeAll(async () => {
    database = await createTestDatabase();
    const shared = newSharedResources(database.url);
    first = await startTestServer(shared);
    second = await startTestServer(shared);
    adminToken = (await loginAs(pair()[0], adminCredentials.email, adminCredentials.password)).accessToken;
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.drop();
  });

  it('a logout on one instance is seen by /internal/verify and the graph on the other', async () => {
    const [onFirst, onSecond] = pair();
    const { email, password } = await createUser(onFirst, adminToken);
    const tokens = await loginAs(onFirst, email, password);
    const before = await onSecond.get('/internal/verify', { token: tokens.accessToken, headers: verifyHeaders });
    expect(before.status).toBe(200);
    const logout = await onFirst.post(
      '/api/v1/auth/logout',
      { refreshToken: tokens.refreshToken },
      { token: tokens.accessToken },
    );
    expect(logout.status).toBe(200);
    const after = await onSecond.get('/internal/verify', { token: tokens.accessToken, headers: verifyHeaders });
    expect(after.status).toBe(401);
    expect(after.body.valid).toBe(false);
    const me = await onSecond.graphql(meQuery, undefined, { token: tokens.accessToken });
    expect(me.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const refresh = await onSecond.post('/api/v1/auth/refresh', { refreshToken: tokens.refreshToken });
    expect(refresh.status).toBe(401);
  });

  it('refresh reuse presented to the other instance revokes the family everywhere', async () => {
    const [onFirst, onSecond] = pair();
    const { email, password } = await createUser(onFirst, adminToken);
    const tokens = await loginAs(onFirst, email, password);
    const rotated = await onFirst.post('/api/v1/auth/refresh', { refreshToken: tokens.refreshToken });
    expect(rotated.status).toBe(200);
    const reused = await onSecond.post('/api/v1/auth/refresh', { refreshToken: tokens.refreshToken });
    expect(reused.body).toEqual({ message: 'Refresh token reuse detected', statusCode: 401 });
    const successor = await onFirst.post('/api/v1/auth/refresh', { refreshToken: rotated.body.data.refreshToken });
    expect(successor.status).toBe(401);
    const verify = await onFirst.get('/internal/verify', {
      token: rotated.body.data.accessToken,
      headers: verifyHeaders,
    });
    expect(verify.status).toBe(401);
  });

  it('concurrent refreshes of one token on both instances: exactly one wins', async () => {
    const [onFirst, onSecond] = pair();
    const { email, password } = await createUser(onFirst, adminToken);
    const tokens = await loginAs(onFirst, email, password);
    const results = await Promise.all([
      onFirst.post('/api/v1/auth/refresh', { refreshToken: tokens.refreshToken }),
      onSecond.post('/api/v1/auth/refresh', { refreshToken: tokens.refreshToken }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 401]);
  });

  it('disabling a user on one instance ends the sessions on the other', async () => {
    const [onFirst, onSecond] = pair();
    const { user, email, password } = await createUser(onFirst, adminToken);
    const tokens = await loginAs(onSecond, email, password);
    await onFirst.graphql(disableUserMutation, { id: user.id }, { token: adminToken });
    const verify = await onSecond.get('/internal/verify', { token: tokens.accessToken, headers: verifyHeaders });
    expect(verify.status).toBe(401);
  });

  it('the lock-out counts failures made on both instances', async () => {
    const [onFirst, onSecond] = pair();
    const { email, password } = await createUser(onFirst, adminToken);
    for (const client of [onFirst, onSecond, onFirst, onSecond, onFirst]) {
      expect((await client.post('/api/v1/auth/login', { email, password: 'wrong-password' })).status).toBe(401);
    }
    expect((await onSecond.post('/api/v1/auth/login', { email, password })).status).toBe(401);
  });

  it('the Authentication limit (burst 20 per IP) counts across both: the 21st login gets 429', async () => {
    const [onFirst, onSecond] = pair();
    // two locked e-mails (15 attempts each at most stays within their own 20): only the IP bucket empties
    const emails = [await lockedEmail(first.url), await lockedEmail(second.url)];
    const refusedAt = await firstRateLimitedAttempt(
      (index) =>
        (index % 2 === 0 ? onFirst : onSecond).post('/api/v1/auth/login', {
          email: emails[index % 2],
          password: 'wrong',
        }),
      23,
    );
    // 20 tokens of burst; a slow machine may have refilled one more (10 a minute)
    expect(refusedAt).toBeGreaterThanOrEqual(21);
    expect(refusedAt).toBeLessThanOrEqual(22);
    for (const client of [onFirst, onSecond]) {
      const limited = await client.post('/api/v1/auth/login', adminCredentials);
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ message: 'Rate limit exceeded', statusCode: 429 });
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      // refill is 10 per minute: one token within 6 seconds
      expect(retryAfter).toBeLessThanOrEqual(6);
    }
    const otherIp = clientFromNewIp(second.url);
    expect((await otherIp.post('/api/v1/auth/login', adminCredentials)).status).toBe(200);
  });

  it('the per-e-mail Authentication limit counts across IPs and instances', async () => {
    const email = await lockedEmail(first.url);
    const refusedAt = await firstRateLimitedAttempt(
      (index) => pair()[index % 2]!.post('/api/v1/auth/login', { email, password: 'wrong' }),
      18,
    );
    // 5 attempts locked the e-mail; its 20 tokens are gone after 15 more (one may have refilled)
    expect(refusedAt).toBeGreaterThanOrEqual(16);
    expect(refusedAt).toBeLessThanOrEqual(17);
  });
});
