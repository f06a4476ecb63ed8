import { constants, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { eachRequestFromNewIp } from './client-address.js';
import { loginAs, type HttpClient } from './client.js';
import { adminCredentials } from './harness.js';
import { createSignedInUser, type TestUser } from './users.js';
import type { KeyAlgorithm } from '@platform/auth/devices/device-signature';

/** Test support: real key pairs, signing as a mobile client does (the challenge's raw bytes). */
export interface DeviceKeyPair {
  algorithm: KeyAlgorithm;
  publicKey: string;
  privateKey: KeyObject;
  /** Signs the 64 raw bytes the base64url challenge encodes; ES256 in DER unless raw (r||s) is asked for. */
  sign(challenge: string, options?: { raw?: boolean; urlSafe?: boolean }): string;
}

export function makeKeyPair(algorithm: KeyAlgorithm, rsaBits = 2048): DeviceKeyPair {
  const { publicKey, privateKey } =
    algorithm === 'ES256'
      ? generateKeyPairSync('ec', { namedCurve: 'P-256' })
      : generateKeyPairSync('rsa', { modulusLength: rsaBits });
  return {
    algorithm,
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKey,
    sign: (challenge, options = {}) => signWith(privateKey, algorithm, challenge, options),
  };
}

export function signWith(
  privateKey: KeyObject,
  algorithm: KeyAlgorithm,
  challenge: string,
  options: { raw?: boolean; urlSafe?: boolean } = {},
): string {
  const message = Buffer.from(challenge, 'base64url');
  const signature =
    algorithm === 'ES256'
      ? sign('sha256', message, { key: privateKey, dsaEncoding: options.raw ? 'ieee-p1363' : 'der' })
      : algorithm === 'RS256'
        ? sign('sha256', message, { key: privateKey, padding: constants.RSA_PKCS1_PADDING })
        : sign('sha256', message, { key: privateKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 });
  return signature.toString(options.urlSafe ? 'base64url' : 'base64');
}

export const newFingerprint = () => randomBytes(16).toString('hex');

/** Users made through the graph by the bootstrap admin; each test gets its own so per-user limits stay apart. */
export function deviceTestKit(client: HttpClient) {
  // Every request from an address of its own, so that no per-IP limit trips.
  const api = eachRequestFromNewIp(client);
  let adminToken: Promise<string> | undefined;
  const admin = () =>
    (adminToken ??= loginAs(api, adminCredentials.email, adminCredentials.password).then(
      (tokens) => tokens.accessToken,
    ));

  async function newUser(): Promise<TestUser> {
    return createSignedInUser(api, await admin(), { emailPrefix: 'device', permissions: ['projects:read'] });
  }

  function registrationBody(keys: DeviceKeyPair, fingerprint: string, deviceType = 'mobile') {
    return {
      deviceName: `Test phone ${fingerprint.slice(0, 6)}`,
      deviceType,
      deviceFingerprint: fingerprint,
      publicKey: keys.publicKey,
      keyAlgorithm: keys.algorithm,
    };
  }

  async function registerDevice(
    token: string,
    keys: DeviceKeyPair,
    fingerprint = newFingerprint(),
    deviceType = 'mobile',
  ) {
    const challenge = await api.post(
      '/api/v1/auth/devices/register/challenge',
      registrationBody(keys, fingerprint, deviceType),
      { token },
    );
    if (challenge.status !== 200) throw new Error(`challenge failed: ${JSON.stringify(challenge.body)}`);
    const { sessionId, challenge: text } = challenge.body.data;
    const verify = await api.post(
      '/api/v1/auth/devices/register/verify',
      { sessionId, signedChallenge: keys.sign(text) },
      { token },
    );
    if (verify.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verify.body)}`);
    return { deviceId: verify.body.data.deviceId as string, fingerprint, keys };
  }

  async function mobileLogin(fingerprint: string, keys: DeviceKeyPair, rememberMe?: boolean) {
    const challenge = await api.post('/api/v1/auth/mobile/challenge', { deviceFingerprint: fingerprint });
    if (challenge.status !== 200) throw new Error(`mobile challenge failed: ${JSON.stringify(challenge.body)}`);
    const login = await api.post('/api/v1/auth/mobile/biometric', {
      sessionId: challenge.body.data.sessionId,
      signedChallenge: keys.sign(challenge.body.data.challenge),
      rememberMe,
    });
    if (login.status !== 200) throw new Error(`biometric login failed: ${JSON.stringify(login.body)}`);
    return login.body.data.tokens as {
      accessToken: string;
      refreshToken: string;
      accessTokenExpiresAt: string;
      refreshTokenExpiresAt: string;
    };
  }

  return { admin, newUser, registrationBody, registerDevice, mobileLogin };
}
