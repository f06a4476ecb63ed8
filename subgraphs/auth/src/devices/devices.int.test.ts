import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengeStore } from '../../../../test/challenge-store.js';
import { freshIpHeader } from '../../../../test/client-address.js';
import { httpClient, type HttpClient } from '../../../../test/client.js';
import { onDatabase } from '../../../../test/database.js';
import { startIsolatedServer } from '../../../../test/harness.js';
import { servicesMissing } from '../../../../test/services.js';
import { deviceTestKit, makeKeyPair, newFingerprint, signWith } from '../../../../test/device-kit.js';

const challengePath = '/api/v1/auth/devices/register/challenge';
const verifyPath = '/api/v1/auth/devices/register/verify';
const deviceKeys = [
  'deviceFingerprint',
  'deviceName',
  'deviceType',
  'id',
  'isActive',
  'lastUsedAt',
  'createdAt',
  'updatedAt',
];

describe.skipIf(servicesMissing)('device registration and management over REST and GraphQL', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let api: HttpClient;
  let kit: ReturnType<typeof deviceTestKit>;

  beforeAll(async () => {
    server = await startIsolatedServer();
    api = httpClient(server.url);
    kit = deviceTestKit(api);
  });
  afterAll(async () => server?.close());

  const post = (path: string, body: unknown, token: string) =>
    api.post(path, body, { token, headers: freshIpHeader() });

  it('registers devices of all three algorithms, ES256 signatures in DER and raw form, base64 either alphabet', async () => {
    const user = await kit.newUser();
    const cases = [
      { keys: makeKeyPair('ES256'), options: {} },
      { keys: makeKeyPair('ES256'), options: { raw: true, urlSafe: true } },
      { keys: makeKeyPair('RS256'), options: {} },
      { keys: makeKeyPair('PS256'), options: { urlSafe: true } },
    ];
    for (const { keys, options } of cases) {
      const fingerprint = newFingerprint();
      const challenge = await post(challengePath, kit.registrationBody(keys, fingerprint), user.token);
      expect(challenge.status).toBe(200);
      const data = challenge.body.data;
      expect(Object.keys(data).sort()).toEqual(['challenge', 'deviceId', 'expiresAt', 'sessionId']);
      expect(Buffer.from(data.challenge, 'base64url')).toHaveLength(64);
      expect(data.challenge).toMatch(/^[A-Za-z0-9_-]{86}$/);
      const lifetime = Date.parse(data.expiresAt) - Date.now();
      expect(lifetime).toBeGreaterThan(5 * 60_000 - 10_000);
      expect(lifetime).toBeLessThanOrEqual(5 * 60_000);
      const verify = await post(
        verifyPath,
        { sessionId: data.sessionId, signedChallenge: keys.sign(data.challenge, options) },
        user.token,
      );
      expect(verify.status).toBe(200);
      expect(verify.body.data.success).toBe(true);
      expect(verify.body.data.deviceId).toBe(data.deviceId);
      expect(Object.keys(verify.body.data.device).sort()).toEqual([...deviceKeys].sort());
      expect(verify.body.data.device).toMatchObject({
        id: data.deviceId,
        deviceFingerprint: fingerprint,
        deviceType: 'mobile',
        isActive: true,
        lastUsedAt: null,
      });
    }
    const list = await api.get('/api/v1/auth/devices', { token: user.token, headers: freshIpHeader() });
    expect(list.status).toBe(200);
    expect(list.body.data.devices).toHaveLength(4);
    for (const device of list.body.data.devices) expect(Object.keys(device).sort()).toEqual([...deviceKeys].sort());
  });

  it('validates every field of the registration body with the Device table rules', async () => {
    let user = await kit.newUser();
    const keys = makeKeyPair('ES256');
    const valid = kit.registrationBody(keys, newFingerprint());
    const rows: [Record<string, unknown>, RegExp | string][] = [
      [{ deviceName: '' }, /^deviceName: /],
      [{ deviceName: 'x'.repeat(256) }, /^deviceName: /],
      [{ deviceName: 'Phone<script>' }, /^deviceName: /],
      [{ deviceType: 'watch' }, /^deviceType: /],
      [{ deviceType: 'Mobile' }, /^deviceType: /],
      [{ deviceFingerprint: 'not a fingerprint!' }, /^deviceFingerprint: /],
      [{ deviceFingerprint: 'a'.repeat(256) }, /^deviceFingerprint: /],
      [{ keyAlgorithm: 'HS256' }, /^keyAlgorithm: /],
      [{ deviceName: 42 }, /^deviceName: /],
      [{ extra: true }, /extra/],
      [{ publicKey: 'hello' }, 'Invalid public key format: not valid PEM encoding'],
      [{ publicKey: '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----' }, /^Invalid public key format: /],
      [
        { publicKey: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
        'Invalid public key format: not valid PEM encoding',
      ],
      [
        { publicKey: makeKeyPair('RS256').publicKey },
        'Invalid public key format: ES256 requires an elliptic-curve P-256 key',
      ],
      [
        {
          publicKey: generateKeyPairSync('ec', { namedCurve: 'P-384' }).publicKey.export({
            type: 'spki',
            format: 'pem',
          }),
        },
        'Invalid public key format: ES256 requires an elliptic-curve P-256 key',
      ],
      [{ keyAlgorithm: 'RS256' }, 'Invalid public key format: RS256 requires an RSA key'],
      [{ keyAlgorithm: 'PS256' }, 'Invalid public key format: PS256 requires an RSA key'],
      [
        { keyAlgorithm: 'RS256', publicKey: makeKeyPair('RS256', 1024).publicKey },
        'Invalid public key format: RSA keys must be at least 2048 bits',
      ],
      [{ publicKey: `${keys.publicKey}${' '.repeat(10241)}` }, 'Invalid public key format: larger than 10240 bytes'],
    ];
    for (const [index, [change, message]] of rows.entries()) {
      // Refusals count against the user's 5 challenges per 5 minutes too (decisions: Rate limits).
      if (index > 0 && index % 5 === 0) user = await kit.newUser();
      const response = await post(challengePath, { ...valid, ...change }, user.token);
      expect(response.status, JSON.stringify(change).slice(0, 80)).toBe(400);
      expect(response.body.statusCode).toBe(400);
      if (typeof message === 'string') expect(response.body.message).toBe(message);
      else expect(response.body.message).toMatch(message);
    }
    user = await kit.newUser();
    for (const fingerprint of ['0a1B2c3D', 'q83vEjRWeJA=', 'q83v_-RWeJA', '123e4567-e89b-12d3-a456-426614174000']) {
      const accepted = await post(
        challengePath,
        { ...valid, deviceFingerprint: fingerprint, deviceName: 'Ann’s phone-2' },
        user.token,
      );
      expect(accepted.status, fingerprint).toBe(200);
    }
    const devices = await api.get('/api/v1/auth/devices', { token: user.token, headers: freshIpHeader() });
    expect(devices.body.data.devices).toEqual([]);
  });

  it('needs a bearer for every device operation', async () => {
    const keys = makeKeyPair('ES256');
    const anonymous = [
      await api.post(challengePath, kit.registrationBody(keys, newFingerprint())),
      await api.post(verifyPath, { sessionId: crypto.randomUUID(), signedChallenge: 'AAAA' }),
      await api.get('/api/v1/auth/devices'),
      await api.delete(`/api/v1/auth/devices/${crypto.randomUUID()}`),
      await api.put('/api/v1/auth/devices/fcm-token', { deviceId: crypto.randomUUID(), fcmToken: 'x' }),
    ];
    for (const response of anonymous) expect(response.status).toBe(401);
  });

  it('refuses a fingerprint already registered for the user with 409, but not for another user', async () => {
    const [first, second] = [await kit.newUser(), await kit.newUser()];
    const device = await kit.registerDevice(first.token, makeKeyPair('ES256'));
    const again = await post(
      challengePath,
      kit.registrationBody(makeKeyPair('ES256'), device.fingerprint),
      first.token,
    );
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'Device already registered for this user', statusCode: 409 });
    const other = await post(
      challengePath,
      kit.registrationBody(makeKeyPair('ES256'), device.fingerprint),
      second.token,
    );
    expect(other.status).toBe(200);
  });

  it('answers a wrong signature with 401 and keeps the session; a used, unknown or foreign session is 400', async () => {
    const [user, stranger] = [await kit.newUser(), await kit.newUser()];
    const keys = makeKeyPair('ES256');
    const start = await post(challengePath, kit.registrationBody(keys, newFingerprint()), user.token);
    const { sessionId, challenge } = start.body.data;
    const otherChallenge = Buffer.alloc(64, 7).toString('base64url');
    const refused = [
      keys.sign(otherChallenge),
      makeKeyPair('ES256').sign(challenge),
      'not base64 at all!',
      Buffer.from('short').toString('base64'),
    ];
    for (const signedChallenge of refused) {
      const response = await post(verifyPath, { sessionId, signedChallenge }, user.token);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Invalid signature: signature verification failed', statusCode: 401 });
    }
    const foreign = await post(verifyPath, { sessionId, signedChallenge: keys.sign(challenge) }, stranger.token);
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({ message: 'Session expired or not found', statusCode: 400 });
    const verified = await post(verifyPath, { sessionId, signedChallenge: keys.sign(challenge) }, user.token);
    expect(verified.status).toBe(200);
    const replay = await post(verifyPath, { sessionId, signedChallenge: keys.sign(challenge) }, user.token);
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual({ message: 'Session expired or not found', statusCode: 400 });
    const unknown = await post(verifyPath, { sessionId: crypto.randomUUID(), signedChallenge: 'AAAA' }, user.token);
    expect(unknown.body).toEqual({ message: 'Session expired or not found', statusCode: 400 });
    const notUuid = await post(verifyPath, { sessionId: 'abc', signedChallenge: 'AAAA' }, user.token);
    expect(notUuid.status).toBe(400);
    expect(notUuid.body.message).toMatch(/^sessionId: /);
  });

  it('keeps a registration session 5 minutes in the shared store and refuses it once Redis has expired it', async () => {
    const user = await kit.newUser();
    const keys = makeKeyPair('ES256');
    const start = await post(challengePath, kit.registrationBody(keys, newFingerprint()), user.token);
    const { sessionId, challenge } = start.body.data;
    const store = await challengeStore(server.shared.redisKeyPrefix, 'registration');
    try {
      const remaining = await store.remainingMs(sessionId);
      expect(remaining).toBeGreaterThan(5 * 60_000 - 10_000);
      expect(remaining).toBeLessThanOrEqual(5 * 60_000);
      await store.expireNow(sessionId);
    } finally {
      await store.close();
    }
    const verify = await post(verifyPath, { sessionId, signedChallenge: keys.sign(challenge) }, user.token);
    expect(verify.status).toBe(400);
    expect(verify.body).toEqual({ message: 'Session expired or not found', statusCode: 400 });
  });

  it('refuses a signature made with a different algorithm than declared', async () => {
    const user = await kit.newUser();
    const keys = makeKeyPair('PS256');
    const start = await post(challengePath, kit.registrationBody(keys, newFingerprint()), user.token);
    const { sessionId, challenge } = start.body.data;
    const pkcs1 = signWith(keys.privateKey, 'RS256', challenge);
    const response = await post(verifyPath, { sessionId, signedChallenge: pkcs1 }, user.token);
    expect(response.status).toBe(401);
    const ok = await post(verifyPath, { sessionId, signedChallenge: keys.sign(challenge) }, user.token);
    expect(ok.status).toBe(200);
  });

  it('creates exactly one device from 20 concurrent verifies of one session', async () => {
    const user = await kit.newUser();
    const keys = makeKeyPair('ES256');
    const start = await post(challengePath, kit.registrationBody(keys, newFingerprint()), user.token);
    const { sessionId, challenge } = start.body.data;
    const signedChallenge = keys.sign(challenge);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => post(verifyPath, { sessionId, signedChallenge }, user.token)),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    // The device registration bucket (burst 10, auth spec Limits) answers some of the losers with 429.
    expect(statuses.every((status) => [200, 400, 429].includes(status))).toBe(true);
    const list = await api.get('/api/v1/auth/devices', { token: user.token, headers: freshIpHeader() });
    expect(list.body.data.devices).toHaveLength(1);
  });

  it('gives each device its trust level in the graph (decisions: Trust level), and leaves it out of REST', async () => {
    const user = await kit.newUser();
    const phone = await kit.registerDevice(user.token, makeKeyPair('ES256'));
    const rsaPhone = await kit.registerDevice(user.token, makeKeyPair('RS256'));
    const tablet = await kit.registerDevice(user.token, makeKeyPair('PS256'), undefined, 'tablet');
    const dormant = await kit.registerDevice(user.token, makeKeyPair('ES256'));
    await onDatabase(server.shared.databaseUrl, (client) =>
      client.query(`update "auth"."device" set "last_used_at" = now() - interval '91 days' where "id" = $1`, [
        dormant.deviceId,
      ]),
    );
    const listed = await api.graphql(
      '{ myDevices { id trustLevel } }',
      {},
      { token: user.token, headers: freshIpHeader() },
    );
    const levels = Object.fromEntries(
      (listed.body.data.myDevices as { id: string; trustLevel: string }[]).map((device) => [
        device.id,
        device.trustLevel,
      ]),
    );
    expect(levels).toEqual({
      [phone.deviceId]: 'high',
      [rsaPhone.deviceId]: 'medium',
      [tablet.deviceId]: 'medium',
      [dormant.deviceId]: 'low',
    });
    const overRest = await api.get('/api/v1/auth/devices', { token: user.token, headers: freshIpHeader() });
    expect(Object.keys(overRest.body.data.devices[0]).sort()).toEqual([...deviceKeys].sort());
  });

  it('lists, updates and deletes only the caller’s devices; another user’s device is 404', async () => {
    const [owner, stranger] = [await kit.newUser(), await kit.newUser()];
    const device = await kit.registerDevice(owner.token, makeKeyPair('ES256'));
    const strangerList = await api.get('/api/v1/auth/devices', { token: stranger.token, headers: freshIpHeader() });
    expect(strangerList.body).toEqual({ data: { devices: [] } });
    const notFound = { message: 'Device not found or inactive', statusCode: 404 };
    const foreignToken = await api.put(
      '/api/v1/auth/devices/fcm-token',
      { deviceId: device.deviceId, fcmToken: 'push-token' },
      { token: stranger.token, headers: freshIpHeader() },
    );
    expect(foreignToken.status).toBe(404);
    expect(foreignToken.body).toEqual(notFound);
    const foreignDelete = await api.delete(`/api/v1/auth/devices/${device.deviceId}`, {
      token: stranger.token,
      headers: freshIpHeader(),
    });
    expect(foreignDelete.body).toEqual(notFound);
    const badId = await api.delete('/api/v1/auth/devices/not-a-uuid', { token: owner.token, headers: freshIpHeader() });
    expect(badId.status).toBe(400);
    const pushToken = await api.put(
      '/api/v1/auth/devices/fcm-token',
      { deviceId: device.deviceId, fcmToken: 'push-token-of-the-owner' },
      { token: owner.token, headers: freshIpHeader() },
    );
    expect(pushToken.status).toBe(200);
    expect(pushToken.body.data).toEqual({ success: true, message: expect.any(String) });
    const tooLong = await api.put(
      '/api/v1/auth/devices/fcm-token',
      { deviceId: device.deviceId, fcmToken: 'x'.repeat(256) },
      { token: owner.token, headers: freshIpHeader() },
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toMatch(/^fcmToken: /);
    const removed = await api.delete(`/api/v1/auth/devices/${device.deviceId}`, {
      token: owner.token,
      headers: freshIpHeader(),
    });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ success: true, message: expect.any(String) });
    const after = await api.get('/api/v1/auth/devices', { token: owner.token, headers: freshIpHeader() });
    expect(after.body.data.devices).toEqual([]);
    const twice = await api.delete(`/api/v1/auth/devices/${device.deviceId}`, {
      token: owner.token,
      headers: freshIpHeader(),
    });
    expect(twice.body).toEqual(notFound);
  });

  it('stores the public key and the push token encrypted, and audits with challenge hash and signature metadata', async () => {
    const user = await kit.newUser();
    const keys = makeKeyPair('RS256');
    const device = await kit.registerDevice(user.token, keys);
    await api.put(
      '/api/v1/auth/devices/fcm-token',
      { deviceId: device.deviceId, fcmToken: 'plain-push-token-value' },
      { token: user.token, headers: freshIpHeader() },
    );
    await onDatabase(server.shared.databaseUrl, async (client) => {
      const { rows } = await client.query('select * from "auth"."device" where "id" = $1', [device.deviceId]);
      const raw = JSON.stringify(rows[0]);
      const keyBody = keys.publicKey.split('\n')[1]!;
      expect(raw).not.toContain('BEGIN PUBLIC KEY');
      expect(raw).not.toContain(keyBody);
      expect(raw).not.toContain('plain-push-token-value');
      expect(rows[0].public_key_encrypted).toMatch(/^v1:[\w-]{8}:/);
      expect(rows[0].fcm_token_encrypted).toMatch(/^v1:[\w-]{8}:/);
      const audit = await client.query(
        `select "action", "result", "challenge_hash", "signature", "device_id" from "auth"."audit_entry"
         where "user_id" = $1 order by "id"`,
        [user.id],
      );
      const actions = audit.rows.map((row) => row.action);
      expect(actions).toEqual(
        expect.arrayContaining(['device_register_challenge', 'device_register_verify', 'device_push_token_update']),
      );
      const verify = audit.rows.find((row) => row.action === 'device_register_verify')!;
      expect(verify.result).toBe('success');
      expect(verify.device_id).toBe(device.deviceId);
      expect(verify.challenge_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(verify.signature).toEqual({ algorithm: 'RS256', keyId: expect.any(String), verified: true });
      expect(JSON.stringify(audit.rows)).not.toContain('plain-push-token-value');
    });
  });

  it('limits registration challenges to 5 per 5 minutes per user with 429 and Retry-After', async () => {
    const user = await kit.newUser();
    for (let i = 0; i < 5; i += 1) {
      const response = await post(
        challengePath,
        kit.registrationBody(makeKeyPair('ES256'), newFingerprint()),
        user.token,
      );
      expect(response.status).toBe(200);
    }
    const limited = await post(challengePath, kit.registrationBody(makeKeyPair('ES256'), newFingerprint()), user.token);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: 'Rate limit exceeded', statusCode: 429 });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const otherUser = await kit.newUser();
    const unaffected = await post(
      challengePath,
      kit.registrationBody(makeKeyPair('ES256'), newFingerprint()),
      otherUser.token,
    );
    expect(unaffected.status).toBe(200);
  });

  it('counts every registration challenge, whatever its answer: three valid and two 400s (REST, graph), then 429', async () => {
    const user = await kit.newUser();
    const valid = () => kit.registrationBody(makeKeyPair('ES256'), newFingerprint());
    for (let i = 0; i < 3; i += 1) expect((await post(challengePath, valid(), user.token)).status).toBe(200);
    const badKey = await post(challengePath, { ...valid(), publicKey: 'not a key' }, user.token);
    expect(badKey.status).toBe(400);
    // The graph reaches the same action and counts against the same limits.
    const badType = await api.graphql(
      'mutation($input: RegisterDeviceChallengeInput!) { registerDeviceChallenge(input: $input) { sessionId } }',
      { input: { ...valid(), deviceType: 'watch' } },
      { token: user.token, headers: freshIpHeader() },
    );
    expect(badType.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', statusCode: 400 });
    const sixth = await post(challengePath, valid(), user.token);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ message: 'Rate limit exceeded', statusCode: 429 });
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('offers every operation in the graph', async () => {
    const user = await kit.newUser();
    const keys = makeKeyPair('ES256');
    const gql = (query: string, variables?: Record<string, unknown>) =>
      api.graphql(query, variables, { token: user.token, headers: freshIpHeader() });
    const start = await gql(
      `mutation($input: RegisterDeviceChallengeInput!) { registerDeviceChallenge(input: $input) { challenge expiresAt deviceId sessionId } }`,
      { input: kit.registrationBody(keys, newFingerprint(), 'tablet') },
    );
    const { sessionId, challenge, deviceId } = start.body.data!.registerDeviceChallenge;
    const wrong = await gql(
      'mutation($s: String!, $c: String!) { verifyDeviceRegistration(sessionId: $s, signedChallenge: $c) { success } }',
      { s: sessionId, c: makeKeyPair('ES256').sign(challenge) },
    );
    expect(wrong.body.errors![0]).toMatchObject({
      message: 'Invalid signature: signature verification failed',
      extensions: { code: 'INVALID_SIGNATURE' },
    });
    const verified = await gql(
      'mutation($s: String!, $c: String!) { verifyDeviceRegistration(sessionId: $s, signedChallenge: $c) { success deviceId device { deviceType isActive } } }',
      { s: sessionId, c: keys.sign(challenge) },
    );
    expect(verified.body.data!.verifyDeviceRegistration).toEqual({
      success: true,
      deviceId,
      device: { deviceType: 'tablet', isActive: true },
    });
    const listed = await gql('{ myDevices { id deviceType } }');
    expect(listed.body.data!.myDevices).toEqual([{ id: deviceId, deviceType: 'tablet' }]);
    const pushed = await gql(
      'mutation($d: String!) { updateDevicePushToken(deviceId: $d, fcmToken: "t") { success message } }',
      { d: deviceId },
    );
    expect(pushed.body.data!.updateDevicePushToken.success).toBe(true);
    const invalid = await gql('mutation { deleteDevice(deviceId: "nope") { success } }');
    expect(invalid.body.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
    const deleted = await gql('mutation($d: String!) { deleteDevice(deviceId: $d) { success message } }', {
      d: deviceId,
    });
    expect(deleted.body.data!.deleteDevice.success).toBe(true);
  });
});

describe.skipIf(servicesMissing)('device limit (rate limits off to register 10 devices quickly)', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let api: HttpClient;

  beforeAll(async () => {
    server = await startIsolatedServer({ RATE_LIMIT_ENABLED: 'false' });
    api = httpClient(server.url);
  });
  afterAll(async () => server?.close());

  it('refuses the 11th device with 409 and accepts one again after a deletion', async () => {
    const kit = deviceTestKit(api);
    const user = await kit.newUser();
    const devices = [];
    for (let i = 0; i < 10; i += 1) devices.push(await kit.registerDevice(user.token, makeKeyPair('ES256')));
    const eleventh = await api.post(challengePath, kit.registrationBody(makeKeyPair('ES256'), newFingerprint()), {
      token: user.token,
    });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body).toEqual({ message: 'Device limit reached', statusCode: 409 });
    await api.delete(`/api/v1/auth/devices/${devices[0]!.deviceId}`, { token: user.token });
    await kit.registerDevice(user.token, makeKeyPair('ES256'));
  });

  it('lets only one of two sessions racing for the 10th slot create a device', async () => {
    const kit = deviceTestKit(api);
    const user = await kit.newUser();
    for (let i = 0; i < 9; i += 1) await kit.registerDevice(user.token, makeKeyPair('ES256'));
    const pairs = [makeKeyPair('ES256'), makeKeyPair('ES256')];
    const sessions = await Promise.all(
      pairs.map((keys) => api.post(challengePath, kit.registrationBody(keys, newFingerprint()), { token: user.token })),
    );
    const results = await Promise.all(
      sessions.map((session, i) =>
        api.post(
          verifyPath,
          { sessionId: session.body.data.sessionId, signedChallenge: pairs[i]!.sign(session.body.data.challenge) },
          { token: user.token },
        ),
      ),
    );
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
  });
});
