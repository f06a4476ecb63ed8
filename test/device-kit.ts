import { constants, generateKeyPairSync, randomBytes, randomUUID, sign, type KeyObject } from 'node:crypto';
import type { HttpClient } from './client.js';
import { adminCredentials } from './harness.js';
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

let ipCounter = Math.floor(Math.random() * 250);
/** A distinct client IP per call (the edge trusts X-Forwarded-For from loopback), so no per-IP limit trips. */
export function freshIp(): Record<string, string> {
  ipCounter += 1;
  return { 'x-forwarded-for': `10.${ipCounter % 250}.${Math.floor(ipCounter / 250) % 250}.${(ipCounter * 7) % 250}` };
}

/** A JWT's payload, unverified: tests look at the claims the server issued. */
export function decodeJwt(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

async function loginFromFreshIp(api: HttpClient, email: string, password: string): Promise<string> {
  const result = await api.post('/api/v1/auth/login', { email, password }, { headers: freshIp() });
  if (result.status !== 200) throw new Error(`login failed: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body.data.accessToken as string;
}

/** Users made through the graph by the bootstrap admin; each test gets its own so per-user limits stay apart. */
export function deviceTestKit(api: HttpClient) {
  let adminToken: Promise<string> | undefined;
  const admin = () => (adminToken ??= loginFromFreshIp(api, adminCredentials.email, adminCredentials.password));

  async function newUser(): Promise<{ id: number; email: string; token: string }> {
    const email = `device-${randomUUID()}@example.test`;
    const password = 'device-test-password';
    const created = await api.graphql(
      'mutation($input: CreateUserInput!) { createUser(input: $input) { id } }',
      { input: { email, password, permissions: ['projects:read'] } },
      { token: await admin(), headers: freshIp() },
    );
    if (!created.body.data) throw new Error(`createUser failed: ${created.status} ${JSON.stringify(created.body)}`);
    return {
      id: created.body.data.createUser.id as number,
      email,
      token: await loginFromFreshIp(api, email, password),
    };
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
      {
        token,
        headers: freshIp(),
      },
    );
    if (challenge.status !== 200) throw new Error(`challenge failed: ${JSON.stringify(challenge.body)}`);
    const { sessionId, challenge: text } = challenge.body.data;
    const verify = await api.post(
      '/api/v1/auth/devices/register/verify',
      { sessionId, signedChallenge: keys.sign(text) },
      { token, headers: freshIp() },
    );
    if (verify.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verify.body)}`);
    return { deviceId: verify.body.data.deviceId as string, fingerprint, keys };
  }

  async function mobileLogin(fingerprint: string, keys: DeviceKeyPair, rememberMe?: boolean) {
    const challenge = await api.post(
      '/api/v1/auth/mobile/challenge',
      { deviceFingerprint: fingerprint },
      { headers: freshIp() },
    );
    if (challenge.status !== 200) throw new Error(`mobile challenge failed: ${JSON.stringify(challenge.body)}`);
    const login = await api.post(
      '/api/v1/auth/mobile/biometric',
      {
        sessionId: challenge.body.data.sessionId,
        signedChallenge: keys.sign(challenge.body.data.challenge),
        rememberMe,
      },
      { headers: freshIp() },
    );
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
