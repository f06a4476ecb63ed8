import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIpHeader } from '../../../test/client-address.js';
import { httpClient } from '../../../test/client.js';
import { deviceTestKit, makeKeyPair } from '../../../test/device-kit.js';
import { proofOf } from '../../../test/device-proof-kit.js';
import { startIsolatedServer } from '../../../test/harness.js';
import { servicesMissing } from '../../../test/services.js';

const challengePath = '/api/v1/auth/mobile/challenge';
const biometricPath = '/api/v1/auth/mobile/biometric';

/** DEVICE_PROOF_NONCE=required (RFC 9449 section 8): a proof must carry a nonce the edge issued. */
describe.skipIf(servicesMissing)('device proofs with nonces required', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;

  beforeAll(async () => {
    server = await startIsolatedServer({ DEVICE_PROOF_NONCE: 'required' });
  });
  afterAll(async () => server?.close());

  it('answers a proof without a nonce with use_dpop_nonce and a fresh nonce, then takes the retry that names it, at login and on a bound request; a socket closes 4401 asking for one', async () => {
    const kit = deviceTestKit(httpClient(server.url));
    const user = await kit.newUser();
    const phone = await kit.registerDevice(user.token, makeKeyPair('ES256'));
    const api = httpClient(server.url);
    const login = async (nonce?: string) => {
      const challenge = await api.post(
        challengePath,
        { deviceFingerprint: phone.fingerprint },
        { headers: freshIpHeader() },
      );
      const proof = await proofOf(phone.keys, { htm: 'POST', htu: `${server.url}${biometricPath}`, nonce });
      return api.post(
        biometricPath,
        { sessionId: challenge.body.data.sessionId, signedChallenge: phone.keys.sign(challenge.body.data.challenge) },
        { headers: { ...freshIpHeader(), dpop: proof } },
      );
    };

    const first = await login();
    expect(first.status).toBe(401);
    expect(first.headers.get('www-authenticate')).toBe('DPoP error="use_dpop_nonce"');
    expect(first.body).toEqual({ message: 'DPoP nonce required', statusCode: 401 });
    const nonce = first.headers.get('dpop-nonce');
    expect(nonce).toMatch(/^\d+\.[\w-]+$/);

    const stale = await login('1700000000.not-a-nonce-of-ours');
    expect(stale.headers.get('www-authenticate')).toBe('DPoP error="use_dpop_nonce"');

    const retried = await login(nonce!);
    expect(retried.status).toBe(200);
    const token = retried.body.data.tokens.accessToken as string;

    // Every later request with the bound token, its proof naming a nonce too.
    const devices = async (proofNonce?: string) =>
      api.get('/api/v1/auth/devices', {
        headers: {
          ...freshIpHeader(),
          authorization: `DPoP ${token}`,
          'x-device-fingerprint': phone.fingerprint,
          dpop: await proofOf(phone.keys, {
            htm: 'GET',
            htu: `${server.url}/api/v1/auth/devices`,
            accessToken: token,
            nonce: proofNonce,
          }),
        },
      });
    const asked = await devices();
    expect(asked.status).toBe(401);
    expect(asked.headers.get('www-authenticate')).toBe('DPoP error="use_dpop_nonce"');
    const nonceForNext = asked.headers.get('dpop-nonce')!;
    expect((await devices(nonceForNext)).status).toBe(200);

    // A socket has no answer headers: its refusal names the challenge in its close reason (4401).
    const socketProof = await proofOf(phone.keys, {
      htm: 'GET',
      htu: `${server.url}/graphql`,
      accessToken: token,
    });
    const client = createClient({
      url: `${server.url.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: class extends WebSocket {
        constructor(address: string, protocols?: string | string[]) {
          super(address, protocols, { headers: { ...freshIpHeader(), 'x-device-fingerprint': phone.fingerprint } });
        }
      },
      connectionParams: { authorization: `DPoP ${token}`, dpop: socketProof },
      retryAttempts: 0,
      lazy: true,
    });
    const closed = await new Promise<{ code?: number; reason?: string }>((resolve) => {
      client.subscribe(
        { query: '{ me { id } }' },
        {
          next: () => resolve({}),
          error: (error) => resolve(error as { code?: number; reason?: string }),
          complete: () => undefined,
        },
      );
    });
    await client.dispose();
    expect({ code: closed.code, reason: closed.reason }).toEqual({ code: 4401, reason: 'DPoP error="use_dpop_nonce"' });
  });
});
