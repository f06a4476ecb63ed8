import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from '../../../../test/client.js';
import { createTestDatabase, newSharedResources, startTestServer, type TestServer } from '../../../../test/harness.js';
import { servicesMissing } from '../../../../test/services.js';
import { deviceTestKit, makeKeyPair } from '../../../../test/device-kit.js';
import { decodeJwt } from '../../../../test/jwt.js';

describe.skipIf(servicesMissing)('encryption key rotation of device keys', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const servers: TestServer[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await database?.drop();
  });

  it('keeps devices registered under the old key working once it is a previous key, and only then', async () => {
    const shared = newSharedResources(database.url);
    const before = await startTestServer(shared);
    servers.push(before);
    const kit = deviceTestKit(httpClient(before.url));
    const user = await kit.newUser();
    const device = await kit.registerDevice(user.token, makeKeyPair('ES256'));

    const rotatedKey = randomBytes(32).toString('base64');
    const rotated = await startTestServer(shared, {
      DATA_ENCRYPTION_KEY: rotatedKey,
      DATA_ENCRYPTION_PREVIOUS_KEYS: shared.encryptionKey,
    });
    servers.push(rotated);
    const tokens = await deviceTestKit(httpClient(rotated.url)).mobileLogin(device.fingerprint, device.keys);
    expect(decodeJwt(tokens.accessToken).device_id).toBe(device.deviceId);

    const withoutOldKey = await startTestServer(shared, { DATA_ENCRYPTION_KEY: rotatedKey });
    servers.push(withoutOldKey);
    const api = httpClient(withoutOldKey.url);
    const challenge = await api.post('/api/v1/auth/mobile/challenge', { deviceFingerprint: device.fingerprint });
    const login = await api.post('/api/v1/auth/mobile/biometric', {
      sessionId: challenge.body.data.sessionId,
      signedChallenge: device.keys.sign(challenge.body.data.challenge),
    });
    expect(login.status).toBe(500);
  });
});
