import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengeStore } from '../../../../test/challenge-store.js';
import { httpClient, type HttpClient } from '../../../../test/client.js';
import { onDatabase } from '../../../../test/database.js';
import { failInsertsInto } from '../../../../test/fault-injection.js';
import { freshIpHeader } from '../../../../test/client-address.js';
import { startIsolatedServer, startTestServer } from '../../../../test/harness.js';
import { decodeJwt } from '../../../../test/jwt.js';
import { servicesMissing } from '../../../../test/services.js';
import { deviceTestKit, makeKeyPair, newFingerprint, signWith } from '../../../../test/device-kit.js';

const challengePath = '/api/v1/auth/mobile/challenge';
const biometricPath = '/api/v1/auth/mobile/biometric';
const refreshPath = '/api/v1/auth/mobile/refresh';
const dayMs = 86_400_000;

describe.skipIf(servicesMissing)('mobile biometric login', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let api: HttpClient;
  let kit: ReturnType<typeof deviceTestKit>;

  beforeAll(async () => {
    server = await startIsolatedServer();
    api = httpClient(server.url);
    kit = deviceTestKit(api);
  });
  afterAll(async () => server?.close());

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    api.post(path, body, { headers: { ...freshIpHeader(), ...headers } });
  const inDatabase = <T>(work: (sql: pg.Client) => Promise<T>) => onDatabase(server.shared.databaseUrl, work);
  const familiesOf = async (deviceId: string) =>
    (
      await inDatabase((sql) =>
        sql.query<{ count: number }>(
          `select count(*)::int as "count" from "auth"."token_family" where "device_id" = $1`,
          [deviceId],
        ),
      )
    ).rows[0]!.count;
  const withDevice = (fingerprint: string) => ({ ...freshIpHeader(), 'x-device-fingerprint': fingerprint });

  /** A fresh user with one ES256 device and an open login challenge for it. */
  async function challengedDevice() {
    const user = await kit.newUser();
    const device = await kit.registerDevice(user.token, makeKeyPair('ES256'));
    return { user, device, challenge: await challengeFor(device.fingerprint) };
  }

  async function challengeFor(fingerprint: string) {
    const response = await post(challengePath, { deviceFingerprint: fingerprint });
    expect(response.status).toBe(200);
    return response.body.data as { challenge: string; expiresAt: string; sessionId: string };
  }

  it('logs in with a signed challenge and issues a bound biometric token set with the spec’s claims', async () => {
    const user = await kit.newUser();
    const keys = makeKeyPair('ES256');
    const device = await kit.registerDevice(user.token, keys);
    const challenge = await challengeFor(device.fingerprint);
    expect(Object.keys(challenge).sort()).toEqual(['challenge', 'expiresAt', 'sessionId']);
    expect(Buffer.from(challenge.challenge, 'base64url')).toHaveLength(64);
    const lifetime = Date.parse(challenge.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(2 * 60_000 - 10_000);
    expect(lifetime).toBeLessThanOrEqual(2 * 60_000);
    const login = await post(biometricPath, {
      sessionId: challenge.sessionId,
      signedChallenge: keys.sign(challenge.challenge),
    });
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('no-store');
    expect(login.body.data.success).toBe(true);
    const tokens = login.body.data.tokens;
    expect(Object.keys(tokens).sort()).toEqual([
      'accessToken',
      'accessTokenExpiresAt',
      'refreshToken',
      'refreshTokenExpiresAt',
    ]);
    expect(Math.round((Date.parse(tokens.accessTokenExpiresAt) - Date.now()) / 60_000)).toBe(15);
    expect(Math.round((Date.parse(tokens.refreshTokenExpiresAt) - Date.now()) / dayMs)).toBe(3);
    const claims = decodeJwt(tokens.accessToken);
    const registered = ['aud', 'exp', 'iat', 'iss', 'jti', 'sub'];
    expect(Object.keys(claims).sort()).toEqual(
      [
        ...registered,
        'auth_method',
        'department',
        'device_fingerprint_hash',
        'device_id',
        'email',
        'employee',
        'id',
        'permissions',
        'session_id',
        'token_use',
        'trust_level',
      ].sort(),
    );
    expect(claims).toMatchObject({
      id: user.id,
      email: user.email,
      permissions: ['projects:read'],
      token_use: 'biometric_access',
      device_id: device.deviceId,
      auth_method: 'biometric',
      trust_level: 'high',
    });
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/);
    const refreshClaims = decodeJwt(tokens.refreshToken);
    expect(refreshClaims).toMatchObject({
      token_use: 'biometric_refresh',
      token_family: claims.session_id,
      rotation_count: 0,
      device_id: device.deviceId,
    });
    const devices = await api.get('/api/v1/auth/devices', {
      token: tokens.accessToken,
      headers: withDevice(device.fingerprint),
    });
    expect(devices.status).toBe(200);
    expect(devices.body.data.devices[0].lastUsedAt).not.toBeNull();
  });

  it('gives 30 days of refresh with rememberMe, and trust medium to an RS256 or a desktop device', async () => {
    const user = await kit.newUser();
    const rsa = await kit.registerDevice(user.token, makeKeyPair('RS256'));
    const desktop = await kit.registerDevice(user.token, makeKeyPair('PS256'), newFingerprint(), 'desktop');
    const remembered = await kit.mobileLogin(rsa.fingerprint, rsa.keys, true);
    expect(Math.round((Date.parse(remembered.refreshTokenExpiresAt) - Date.now()) / dayMs)).toBe(30);
    expect(decodeJwt(remembered.accessToken).trust_level).toBe('medium');
    const fromDesktop = await kit.mobileLogin(desktop.fingerprint, desktop.keys, false);
    expect(decodeJwt(fromDesktop.accessToken).trust_level).toBe('medium');
    expect(Math.round((Date.parse(fromDesktop.refreshTokenExpiresAt) - Date.now()) / dayMs)).toBe(3);
  });

  it('logs the same device in again, with trust falling as its stored last use ages', async () => {
    const user = await kit.newUser();
    const device = await kit.registerDevice(user.token, makeKeyPair('ES256'));
    const first = await kit.mobileLogin(device.fingerprint, device.keys);
    const second = await kit.mobileLogin(device.fingerprint, device.keys);
    expect(decodeJwt(second.accessToken).trust_level).toBe('high');
    expect(decodeJwt(second.accessToken).session_id).not.toBe(decodeJwt(first.accessToken).session_id);
    await inDatabase((sql) =>
      sql.query(`update "auth"."device" set "last_used_at" = now() - interval '31 days' where "id" = $1`, [
        device.deviceId,
      ]),
    );
    expect(decodeJwt((await kit.mobileLogin(device.fingerprint, device.keys)).accessToken).trust_level).toBe('medium');
    await inDatabase((sql) =>
      sql.query(`update "auth"."device" set "last_used_at" = now() - interval '91 days' where "id" = $1`, [
        device.deviceId,
      ]),
    );
    expect(decodeJwt((await kit.mobileLogin(device.fingerprint, device.keys)).accessToken).trust_level).toBe('low');
  });

  /** A login whose device or user changed between its challenge and its signed verify: nothing is written. */
  async function loginAfter(change: (user: { id: number; token: string }, deviceId: string) => Promise<void>) {
    const { user, device, challenge } = await challengedDevice();
    await change(user, device.deviceId);
    const login = await post(biometricPath, {
      sessionId: challenge.sessionId,
      signedChallenge: device.keys.sign(challenge.challenge),
    });
    expect(await familiesOf(device.deviceId)).toBe(0);
    return login;
  }

  it('answers 404 for a login whose device was removed after its challenge', async () => {
    const login = await loginAfter(async (user, deviceId) => {
      expect((await api.delete(`/api/v1/auth/devices/${deviceId}`, { token: user.token })).status).toBe(200);
    });
    expect(login.status).toBe(404);
    expect(login.body).toEqual({ message: 'Device not found or inactive', statusCode: 404 });
  });

  it('answers 401 for a login whose user was disabled after the challenge', async () => {
    const login = await loginAfter(async (user) => {
      await inDatabase((sql) =>
        sql.query(`update "auth"."user_account" set "status" = 'disabled' where "id" = $1`, [user.id]),
      );
    });
    expect(login.status).toBe(401);
    expect(login.body).toEqual({ message: 'User account is not active', statusCode: 401 });
  });

  it('puts the user’s claims as they are at login into the access token, even if they changed since the challenge', async () => {
    const { user, device, challenge } = await challengedDevice();
    await inDatabase((sql) =>
      sql.query(`update "auth"."user_account" set "permissions" = '{projects:write}' where "id" = $1`, [user.id]),
    );
    const login = await post(biometricPath, {
      sessionId: challenge.sessionId,
      signedChallenge: device.keys.sign(challenge.challenge),
    });
    expect(login.status).toBe(200);
    expect(decodeJwt(login.body.data.tokens.accessToken).permissions).toEqual(['projects:write']);
  });

  it('binds the biometric token to its device’s X-Device-Fingerprint; /internal/verify shows device and trust', async () => {
    const user = await kit.newUser();
    const device = await kit.registerDevice(user.token, makeKeyPair('ES256'));
    const tokens = await kit.mobileLogin(device.fingerprint, device.keys);
    const unbound = [
      await api.get('/api/v1/auth/devices', { token: tokens.accessToken, headers: freshIpHeader() }),
      await api.get('/api/v1/auth/devices', { token: tokens.accessToken, headers: withDevice(newFingerprint()) }),
    ];
    for (const response of unbound) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Invalid biometric token', statusCode: 401 });
    }
    const verify = await api.get('/internal/verify', {
      token: tokens.accessToken,
      headers: { 'x-service-name': 'test', 'x-device-fingerprint': device.fingerprint },
    });
    expect(verify.status).toBe(200);
    expect(verify.body.claims).toMatchObject({
      id: user.id,
      token_use: 'biometric_access',
      device_id: device.deviceId,
      trust_level: 'high',
    });
    const verifyUnbound = await api.get('/internal/verify', {
      token: tokens.accessToken,
      headers: { 'x-service-name': 'test' },
    });
    expect(verifyUnbound.status).toBe(401);
  });

  it('answers an unknown fingerprint with 404 and a malformed one with 400', async () => {
    const unknown = await post(challengePath, { deviceFingerprint: newFingerprint() });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Device not found or inactive', statusCode: 404 });
    const malformed = await post(challengePath, { deviceFingerprint: 'no spaces allowed!' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/^deviceFingerprint: /);
    const missing = await post(challengePath, {});
    expect(missing.status).toBe(400);
  });

  it('keeps a login session 2 minutes in the shared store and refuses it once Redis has expired it', async () => {
    const { device, challenge } = await challengedDevice();
    const store = await challengeStore(server.shared.redisKeyPrefix, 'login');
    try {
      const remaining = await store.remainingMs(challenge.sessionId);
      expect(remaining).toBeGreaterThan(2 * 60_000 - 10_000);
      expect(remaining).toBeLessThanOrEqual(2 * 60_000);
      await store.expireNow(challenge.sessionId);
    } finally {
      await store.close();
    }
    const login = await post(biometricPath, {
      sessionId: challenge.sessionId,
      signedChallenge: device.keys.sign(challenge.challenge),
    });
    expect(login.status).toBe(400);
    expect(login.body).toEqual({ message: 'Session expired or not found', statusCode: 400 });
  });

  it('refuses wrong signatures with 401 without ending the session; a used or unknown session is 400', async () => {
    const user = await kit.newUser();
    const device = await kit.registerDevice(user.token, makeKeyPair('ES256'));
    const other = await kit.registerDevice(user.token, makeKeyPair('ES256'));
    const challenge = await challengeFor(device.fingerprint);
    const second = await challengeFor(device.fingerprint);
    const wrong = [
      { sessionId: challenge.sessionId, signedChallenge: other.keys.sign(challenge.challenge) },
      { sessionId: second.sessionId, signedChallenge: device.keys.sign(challenge.challenge) },
    ];
    for (const body of wrong) {
      const response = await post(biometricPath, body);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Invalid signature: signature verification failed', statusCode: 401 });
    }
    const good = { sessionId: challenge.sessionId, signedChallenge: device.keys.sign(challenge.challenge) };
    expect((await post(biometricPath, good)).status).toBe(200);
    const replay = await post(biometricPath, good);
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual({ message: 'Session expired or not found', statusCode: 400 });
    const unknown = await post(biometricPath, { sessionId: crypto.randomUUID(), signedChallenge: 'AAAA' });
    expect(unknown.body).toEqual({ message: 'Session expired or not found', statusCode: 400 });
  });

  it('refuses a signature made with another algorithm than the device declared', async () => {
    const user = await kit.newUser();
    const keys = makeKeyPair('RS256');
    const device = await kit.registerDevice(user.token, keys);
    const challenge = await challengeFor(device.fingerprint);
    const pss = signWith(keys.privateKey, 'PS256', challenge.challenge);
    const response = await post(biometricPath, { sessionId: challenge.sessionId, signedChallenge: pss });
    expect(response.status).toBe(401);
  });

  it('lets exactly one of concurrent logins with one session through', async () => {
    const { device, challenge } = await challengedDevice();
    const body = { sessionId: challenge.sessionId, signedChallenge: device.keys.sign(challenge.challenge) };
    const responses = await Promise.all([1, 2, 3].map(() => post(biometricPath, body)));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    for (const loser of responses.filter((r) => r.status === 400)) {
      expect(loser.body).toEqual({ message: 'Session expired or not found', statusCode: 400 });
    }
    expect(await familiesOf(device.deviceId)).toBe(1);
  });

  it('refuses a session the database has consumed even while a copy of it is still in Redis', async () => {
    const { device, challenge } = await challengedDevice();
    const body = { sessionId: challenge.sessionId, signedChallenge: device.keys.sign(challenge.challenge) };
    const store = await challengeStore(server.shared.redisKeyPrefix, 'login');
    try {
      const stored = (await store.read(challenge.sessionId))!;
      expect((await post(biometricPath, body)).status).toBe(200);
      // The login removes the copy without making its response wait for that.
      await expect.poll(() => store.read(challenge.sessionId)).toBeNull();
      await store.restore(challenge.sessionId, stored);
    } finally {
      await store.close();
    }
    const replay = await post(biometricPath, body);
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual({ message: 'Session expired or not found', statusCode: 400 });
    expect(await familiesOf(device.deviceId)).toBe(1);
  });

  it('limits a login session to 3 attempts a minute, then ends it', async () => {
    const { device, challenge } = await challengedDevice();
    for (let i = 0; i < 3; i += 1) {
      const response = await post(biometricPath, { sessionId: challenge.sessionId, signedChallenge: 'AAAA' });
      expect(response.status).toBe(401);
    }
    const limited = await post(biometricPath, {
      sessionId: challenge.sessionId,
      signedChallenge: device.keys.sign(challenge.challenge),
    });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: 'Rate limit exceeded', statusCode: 429 });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('counts refused attempts against a login session too: two 400s and a 401, then 429', async () => {
    const { device, challenge } = await challengedDevice();
    for (const signedChallenge of ['', 'x'.repeat(4097)]) {
      const refused = await post(biometricPath, { sessionId: challenge.sessionId, signedChallenge });
      expect(refused.status).toBe(400);
    }
    const wrong = await post(biometricPath, { sessionId: challenge.sessionId, signedChallenge: 'AAAA' });
    expect(wrong.status).toBe(401);
    const limited = await post(biometricPath, {
      sessionId: challenge.sessionId,
      signedChallenge: device.keys.sign(challenge.challenge),
    });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: 'Rate limit exceeded', statusCode: 429 });
  });

  it('limits mobile challenges to 10 a minute per fingerprint', async () => {
    const user = await kit.newUser();
    const device = await kit.registerDevice(user.token, makeKeyPair('ES256'));
    for (let i = 0; i < 10; i += 1) await challengeFor(device.fingerprint);
    const limited = await post(challengePath, { deviceFingerprint: device.fingerprint });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    const unknownFingerprint = await post(challengePath, { deviceFingerprint: newFingerprint() });
    expect(unknownFingerprint.status).toBe(404);
  });

  it('covers every user’s device with a shared fingerprint: the signature decides who logs in', async () => {
    const [first, second] = [await kit.newUser(), await kit.newUser()];
    const fingerprint = newFingerprint();
    const firstDevice = await kit.registerDevice(first.token, makeKeyPair('ES256'), fingerprint);
    const secondDevice = await kit.registerDevice(second.token, makeKeyPair('PS256'), fingerprint);
    const asFirst = decodeJwt((await kit.mobileLogin(fingerprint, firstDevice.keys)).accessToken);
    const asSecond = decodeJwt((await kit.mobileLogin(fingerprint, secondDevice.keys)).accessToken);
    expect([asFirst.id, asFirst.device_id]).toEqual([first.id, firstDevice.deviceId]);
    expect([asSecond.id, asSecond.device_id]).toEqual([second.id, secondDevice.deviceId]);
  });

  it('rotates the biometric refresh token, checks the device binding and detects reuse', async () => {
    const user = await kit.newUser();
    const device = await kit.registerDevice(user.token, makeKeyPair('ES256'));
    const tokens = await kit.mobileLogin(device.fingerprint, device.keys, true);
    const unbound = await post(refreshPath, { refreshToken: tokens.refreshToken });
    expect(unbound.status).toBe(401);
    expect(unbound.body).toEqual({ message: 'Invalid biometric token', statusCode: 401 });
    const elsewhere = await post(
      refreshPath,
      { refreshToken: tokens.refreshToken },
      { 'x-device-fingerprint': newFingerprint() },
    );
    expect(elsewhere.body).toEqual({ message: 'Invalid biometric token', statusCode: 401 });
    const rotated = await post(
      refreshPath,
      { refreshToken: tokens.refreshToken },
      { 'x-device-fingerprint': device.fingerprint },
    );
    expect(rotated.status).toBe(200);
    expect(Object.keys(rotated.body.data).sort()).toEqual([
      'accessToken',
      'accessTokenExpiresAt',
      'refreshToken',
      'refreshTokenExpiresAt',
    ]);
    expect(rotated.body.data.refreshToken).not.toBe(tokens.refreshToken);
    expect(decodeJwt(rotated.body.data.refreshToken).rotation_count).toBe(1);
    expect(decodeJwt(rotated.body.data.accessToken)).toMatchObject({
      token_use: 'biometric_access',
      device_id: device.deviceId,
    });
    const reuse = await post(
      refreshPath,
      { refreshToken: tokens.refreshToken },
      { 'x-device-fingerprint': device.fingerprint },
    );
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual({ message: 'Refresh token reuse detected', statusCode: 401 });
    const successor = await post(
      refreshPath,
      { refreshToken: rotated.body.data.refreshToken },
      { 'x-device-fingerprint': device.fingerprint },
    );
    expect(successor.status).toBe(401);
    const access = await api.get('/api/v1/auth/devices', {
      token: rotated.body.data.accessToken,
      headers: withDevice(device.fingerprint),
    });
    expect(access.status).toBe(401);
  });

  it('leaves a biometric refresh token usable when storing its successor fails, so the retry is not reuse', async () => {
    const user = await kit.newUser();
    const device = await kit.registerDevice(user.token, makeKeyPair('ES256'));
    const tokens = await kit.mobileLogin(device.fingerprint, device.keys);
    const failure = await failInsertsInto(server.shared.databaseUrl, 'auth.refresh_token');
    try {
      const failed = await post(refreshPath, { refreshToken: tokens.refreshToken }, withDevice(device.fingerprint));
      expect(failed.status).toBe(500);
    } finally {
      await failure.restore();
    }
    const retried = await post(refreshPath, { refreshToken: tokens.refreshToken }, withDevice(device.fingerprint));
    expect(retried.status).toBe(200);
    expect(decodeJwt(retried.body.data.refreshToken).rotation_count).toBe(1);
  });

  it('refuses a standard refresh token at mobile refresh and a biometric one at standard refresh', async () => {
    const user = await kit.newUser();
    const device = await kit.registerDevice(user.token, makeKeyPair('ES256'));
    const tokens = await kit.mobileLogin(device.fingerprint, device.keys);
    const standard = await api.post(
      '/api/v1/auth/login',
      { email: user.email, password: user.password },
      { headers: freshIpHeader() },
    );
    const wrongKind = await post(
      refreshPath,
      { refreshToken: standard.body.data.refreshToken },
      { 'x-device-fingerprint': device.fingerprint },
    );
    expect(wrongKind.status).toBe(401);
    const biometricAtStandard = await post('/api/v1/auth/refresh', { refreshToken: tokens.refreshToken });
    expect(biometricAtStandard.status).toBe(401);
  });

  it('stops every token of a device deleted while they are in use, on the next request', async () => {
    const user = await kit.newUser();
    const device = await kit.registerDevice(user.token, makeKeyPair('ES256'));
    const tokens = await kit.mobileLogin(device.fingerprint, device.keys);
    const headers = withDevice(device.fingerprint);
    expect((await api.get('/api/v1/auth/devices', { token: tokens.accessToken, headers })).status).toBe(200);
    const removed = await api.delete(`/api/v1/auth/devices/${device.deviceId}`, {
      token: tokens.accessToken,
      headers,
    });
    expect(removed.status).toBe(200);
    const after = await api.get('/api/v1/auth/devices', { token: tokens.accessToken, headers });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: 'Invalid biometric token', statusCode: 401 });
    const verify = await api.get('/internal/verify', {
      token: tokens.accessToken,
      headers: { 'x-service-name': 'test', 'x-device-fingerprint': device.fingerprint },
    });
    expect(verify.status).toBe(401);
    const refresh = await post(
      refreshPath,
      { refreshToken: tokens.refreshToken },
      { 'x-device-fingerprint': device.fingerprint },
    );
    expect(refresh.status).toBe(401);
    const challenge = await post(challengePath, { deviceFingerprint: device.fingerprint });
    expect(challenge.status).toBe(404);
    expect((await api.get('/api/v1/auth/devices', { token: user.token, headers: freshIpHeader() })).status).toBe(200);
  });

  it('revokes a deleted device’s tokens on another instance too', async () => {
    const other = await startTestServer(server.shared);
    try {
      const elsewhere = httpClient(other.url);
      const user = await kit.newUser();
      const device = await kit.registerDevice(user.token, makeKeyPair('ES256'));
      const tokens = await kit.mobileLogin(device.fingerprint, device.keys);
      const headers = withDevice(device.fingerprint);
      expect((await elsewhere.get('/api/v1/auth/devices', { token: tokens.accessToken, headers })).status).toBe(200);
      await api.delete(`/api/v1/auth/devices/${device.deviceId}`, { token: user.token, headers: freshIpHeader() });
      const after = await elsewhere.get('/api/v1/auth/devices', { token: tokens.accessToken, headers });
      expect(after.status).toBe(401);
      expect(after.body.message).toBe('Invalid biometric token');
    } finally {
      await other.close();
    }
  });

  it('offers mobile login and refresh in the graph', async () => {
    const user = await kit.newUser();
    const device = await kit.registerDevice(user.token, makeKeyPair('PS256'));
    const gql = (query: string, variables: Record<string, unknown>, headers: Record<string, string> = {}) =>
      api.graphql(query, variables, { headers: { ...freshIpHeader(), ...headers } });
    const challenge = await gql(
      'mutation($f: String!) { mobileChallenge(deviceFingerprint: $f) { challenge expiresAt sessionId } }',
      { f: device.fingerprint },
    );
    const { sessionId, challenge: text } = challenge.body.data!.mobileChallenge;
    const login = await gql(
      `mutation($s: String!, $c: String!) { mobileBiometricLogin(sessionId: $s, signedChallenge: $c, rememberMe: true) {
        success tokens { accessToken refreshToken } } }`,
      { s: sessionId, c: device.keys.sign(text) },
    );
    expect(login.body.data!.mobileBiometricLogin.success).toBe(true);
    const refreshed = await gql(
      'mutation($r: String!) { mobileRefresh(refreshToken: $r) { accessToken refreshToken } }',
      { r: login.body.data!.mobileBiometricLogin.tokens.refreshToken },
      { 'x-device-fingerprint': device.fingerprint },
    );
    expect(decodeJwt(refreshed.body.data!.mobileRefresh.refreshToken).rotation_count).toBe(1);
    const replay = await gql(
      'mutation($s: String!, $c: String!) { mobileBiometricLogin(sessionId: $s, signedChallenge: $c) { success } }',
      { s: sessionId, c: device.keys.sign(text) },
    );
    expect(replay.body.errors![0]).toMatchObject({
      message: 'Session expired or not found',
      extensions: { code: 'SESSION_NOT_FOUND' },
    });
  });

  it('audits the mobile operations with the hashed challenge and signature metadata', async () => {
    const user = await kit.newUser();
    const device = await kit.registerDevice(user.token, makeKeyPair('ES256'));
    await kit.mobileLogin(device.fingerprint, device.keys);
    const admin = await kit.admin();
    const log = await api.graphql(
      `query($f: AuditLogFilter) { auditLog(filter: $f) { items { action result deviceId challengeHash signature } } }`,
      { f: { userId: user.id } },
      { token: admin, headers: freshIpHeader() },
    );
    expect(log.body.errors).toBeUndefined();
    const login = log.body.data!.auditLog.items.find((item: any) => item.action === 'biometric_login');
    expect(login).toMatchObject({
      result: 'success',
      deviceId: device.deviceId,
      challengeHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(JSON.parse(login.signature)).toEqual({ algorithm: 'ES256', keyId: expect.any(String), verified: true });
  });
});
