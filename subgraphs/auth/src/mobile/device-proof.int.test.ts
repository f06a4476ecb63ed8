import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthSubgraph } from '@platform/auth/app';
import { freshIpHeader } from '../../../../test/client-address.js';
import { httpClient, type HttpClient } from '../../../../test/client.js';
import { onDatabase } from '../../../../test/database.js';
import { deviceTestKit, makeKeyPair, type DeviceKeyPair } from '../../../../test/device-kit.js';
import { proofOf, thumbprintOf, type ProofClaims } from '../../../../test/device-proof-kit.js';
import {
  createTestDatabase,
  newSharedResources,
  startTestServer,
  type SharedResources,
  type TestServer,
} from '../../../../test/harness.js';
import { decodeJwt } from '../../../../test/jwt.js';
import { servicesMissing } from '../../../../test/services.js';
import { startStandaloneSubgraph } from '../../../../test/standalone-subgraph.js';
import type { KeyAlgorithm } from '../devices/device-signature.js';

const challengePath = '/api/v1/auth/mobile/challenge';
const biometricPath = '/api/v1/auth/mobile/biometric';
const refreshPath = '/api/v1/auth/mobile/refresh';
const devicesPath = '/api/v1/auth/devices';
const challengeHeader = 'DPoP error="invalid_dpop_proof"';
const refusalBody = { message: 'Invalid DPoP proof', statusCode: 401 };
const publicUrl = 'https://platform.example.test';

interface Phone {
  keys: DeviceKeyPair;
  fingerprint: string;
  deviceId: string;
  userToken: string;
}

interface BoundSession {
  accessToken: string;
  refreshToken: string;
}

/** How one request is made with a bound token over one transport: its method, URL and whether it got through. */
interface Transport {
  name: string;
  method: string;
  url: (base: string) => string;
  send(
    base: string,
    phone: Phone,
    token: string,
    proof: string | undefined,
  ): Promise<{ ok: boolean; refusal?: unknown }>;
}

async function restSend(base: string, phone: Phone, token: string, proof: string | undefined) {
  const response = await httpClient(base).get(devicesPath, {
    headers: {
      ...freshIpHeader(),
      authorization: `DPoP ${token}`,
      'x-device-fingerprint': phone.fingerprint,
      ...(proof ? { dpop: proof } : {}),
    },
  });
  if (response.status === 200) return { ok: true };
  return {
    ok: false,
    refusal: { status: response.status, challenge: response.headers.get('www-authenticate'), body: response.body },
  };
}

async function graphSend(base: string, phone: Phone, token: string, proof: string | undefined) {
  const response = await httpClient(base).graphql('{ me { id } }', undefined, {
    headers: {
      ...freshIpHeader(),
      authorization: `DPoP ${token}`,
      'x-device-fingerprint': phone.fingerprint,
      ...(proof ? { dpop: proof } : {}),
    },
  });
  if (response.status === 200 && response.body.data?.me) return { ok: true };
  return {
    ok: false,
    refusal: {
      status: response.status,
      challenge: response.headers.get('www-authenticate'),
      code: response.body.errors?.[0]?.extensions?.code,
    },
  };
}

/** A query over graphql-ws whose connection_init carries the token and the proof; a refusal closes with 4401. */
async function socketSend(base: string, phone: Phone, token: string, proof: string | undefined) {
  const headers = { ...freshIpHeader(), 'x-device-fingerprint': phone.fingerprint };
  const client = createClient({
    url: `${base.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: class extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, { headers });
      }
    },
    connectionParams: { authorization: `DPoP ${token}`, ...(proof ? { dpop: proof } : {}) },
    retryAttempts: 0,
    lazy: true,
  });
  try {
    const result = await new Promise<{ ok: boolean; refusal?: unknown }>((resolve) => {
      client.subscribe(
        { query: '{ me { id } }' },
        {
          next: (value) => resolve(value.data ? { ok: true } : { ok: false, refusal: value.errors }),
          error: (error) => {
            const close = error as { code?: number; reason?: string };
            resolve({ ok: false, refusal: { code: close.code, reason: close.reason } });
          },
          complete: () => undefined,
        },
      );
    });
    return result;
  } finally {
    await client.dispose();
  }
}

const transports: Transport[] = [
  { name: 'REST', method: 'GET', url: (base) => `${base}${devicesPath}`, send: restSend },
  { name: 'graph over HTTP', method: 'POST', url: (base) => `${base}/graphql`, send: graphSend },
  { name: 'graph over WebSocket', method: 'GET', url: (base) => `${base}/graphql`, send: socketSend },
];

/** What each transport's refusal looks like to its client. */
function expectRefused(transport: Transport, outcome: { ok: boolean; refusal?: unknown }) {
  expect(outcome.ok).toBe(false);
  if (transport.name === 'REST') {
    expect(outcome.refusal).toEqual({ status: 401, challenge: challengeHeader, body: refusalBody });
  } else if (transport.name === 'graph over HTTP') {
    expect(outcome.refusal).toEqual({ status: 401, challenge: challengeHeader, code: 'INVALID_DPOP_PROOF' });
  } else {
    expect(outcome.refusal).toEqual({ code: 4401, reason: challengeHeader });
  }
}

/**
 * The servers a layout starts: two instances answering for one public origin, as replicas behind a balancer do
 * (one proof fits either), and one with DEVICE_PROOF=required.
 */
interface Servers {
  first: TestServer;
  second: TestServer;
  required: TestServer;
  close(): Promise<void>;
}

interface Layout {
  /**
   * The device key algorithms tried in every case. The proofs are verified by the same edge code in both layouts,
   * so the distributed one runs one algorithm: what it adds is the hop (the verified proof signed into the
   * internal identity, the auth subgraph's refusals relayed through the gateway).
   */
  algorithms: KeyAlgorithm[];
  start(shared: SharedResources): Promise<Servers>;
}

const layouts: Record<string, Layout> = {
  'single node': {
    algorithms: ['ES256', 'RS256', 'PS256'],
    start: async (shared) => {
      const first = await startTestServer(shared, { PUBLIC_URL: publicUrl });
      const second = await startTestServer(shared, { PUBLIC_URL: publicUrl });
      const required = await startTestServer(shared, { DEVICE_PROOF: 'required' });
      return {
        first,
        second,
        required,
        close: async () => void (await Promise.all([first.close(), second.close(), required.close()])),
      };
    },
  },
  // The auth subgraph a server of its own, as the distributed deployment runs it: every request here is the auth
  // subgraph's or the edge's (the auth workspace may not import the other subgraphs, and no case reaches them). The
  // edge with DEVICE_PROOF=required calls an auth subgraph configured alike, as every process of a deployment reads
  // the same settings.
  'distributed, auth alone': {
    algorithms: ['ES256'],
    start: async (shared) => {
      const [auth, strictAuth] = await Promise.all([
        startStandaloneSubgraph('auth', shared, createAuthSubgraph),
        startStandaloneSubgraph('auth', shared, createAuthSubgraph, { DEVICE_PROOF: 'required' }),
      ]);
      const [first, second, required] = await Promise.all([
        startTestServer(shared, { SUBGRAPH_AUTH_URL: auth.url, PUBLIC_URL: publicUrl }),
        startTestServer(shared, { SUBGRAPH_AUTH_URL: auth.url, PUBLIC_URL: publicUrl }),
        startTestServer(shared, { SUBGRAPH_AUTH_URL: strictAuth.url, DEVICE_PROOF: 'required' }),
      ]);
      return {
        first,
        second,
        required,
        close: async () => {
          await Promise.all([first.close(), second.close(), required.close()]);
          await Promise.all([auth.close(), strictAuth.close()]);
        },
      };
    },
  },
};

describe.skipIf(servicesMissing).each(Object.keys(layouts))(
  'device-bound proof of possession (RFC 9449 DPoP, issue 27, %s)',
  (layoutName) => {
    const layout = layouts[layoutName]!;
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let servers: Servers;
    let first: TestServer;
    let second: TestServer;
    let required: TestServer;
    let api: HttpClient;
    let kit: ReturnType<typeof deviceTestKit>;

    beforeAll(async () => {
      database = await createTestDatabase();
      servers = await layout.start(newSharedResources(database.url));
      ({ first, second, required } = servers);
      api = httpClient(first.url);
      kit = deviceTestKit(api);
      // Several servers start here, on a machine other test runs share.
    }, 180_000);
    afterAll(async () => {
      await servers?.close();
      await database?.drop();
    });

    const refusalsFor = async (deviceId: string, reason: string) =>
      onDatabase(database.url, async (sql) => {
        const { rows } = await sql.query<{ count: number }>(
          `select count(*)::int as "count" from "auth"."audit_entry"
         where "action" = 'device_proof_refused' and "device_id" = $1 and "details"->>'reason' = $2`,
          [deviceId, reason],
        );
        return rows[0]!.count;
      });

    async function newPhone(algorithm: KeyAlgorithm): Promise<Phone> {
      const user = await kit.newUser();
      const keys = makeKeyPair(algorithm);
      const device = await kit.registerDevice(user.token, keys);
      return { keys, fingerprint: device.fingerprint, deviceId: device.deviceId, userToken: user.token };
    }

    async function login(base: string, phone: Phone, proofKeys: DeviceKeyPair | null = phone.keys) {
      const client = httpClient(base);
      const challenge = await client.post(
        challengePath,
        { deviceFingerprint: phone.fingerprint },
        { headers: freshIpHeader() },
      );
      expect(challenge.status).toBe(200);
      const proof = proofKeys && (await proofOf(proofKeys, { htm: 'POST', htu: `${base}${biometricPath}` }));
      return client.post(
        biometricPath,
        {
          sessionId: challenge.body.data.sessionId,
          signedChallenge: phone.keys.sign(challenge.body.data.challenge),
        },
        { headers: { ...freshIpHeader(), ...(proof ? { dpop: proof } : {}) } },
      );
    }

    async function boundLogin(phone: Phone): Promise<BoundSession> {
      const response = await login(first.url, phone);
      expect(response.status).toBe(200);
      return response.body.data.tokens as BoundSession;
    }

    describe.each(layout.algorithms)('with an %s device key', (algorithm) => {
      let phone: Phone;
      let session: BoundSession;

      beforeAll(async () => {
        phone = await newPhone(algorithm);
        session = await boundLogin(phone);
      });

      it('a login with a proof issues tokens bound to the registered key (cnf.jkt)', async () => {
        const jkt = await thumbprintOf(phone.keys);
        expect(decodeJwt(session.accessToken).cnf).toEqual({ jkt });
        expect(decodeJwt(session.refreshToken).cnf).toEqual({ jkt });
      });

      describe.each(transports)('over $name', (transport) => {
        const honest = (token: string, overrides: Partial<ProofClaims> = {}) =>
          proofOf(phone.keys, {
            htm: transport.method,
            htu: transport.url(first.url),
            accessToken: token,
            ...overrides,
          });

        it('a bound token with a fresh proof by its key is served', async () => {
          const outcome = await transport.send(
            first.url,
            phone,
            session.accessToken,
            await honest(session.accessToken),
          );
          expect(outcome).toEqual({ ok: true });
        });

        it.each([
          ['missing', async () => undefined],
          [
            'other_key',
            async () =>
              proofOf(makeKeyPair(algorithm), {
                htm: transport.method,
                htu: transport.url(first.url),
                accessToken: session.accessToken,
              }),
          ],
          ['method_or_url', async () => honest(session.accessToken, { htm: 'DELETE' })],
          ['method_or_url', async () => honest(session.accessToken, { htu: `${first.url}/api/v1/other` })],
          ['iat_window', async () => honest(session.accessToken, { iat: Math.floor(Date.now() / 1000) - 61 })],
          ['access_token_hash', async () => honest(session.accessToken, { ath: 'A'.repeat(43) })],
          ['malformed', async () => honest(session.accessToken, { typ: 'JWT' })],
          [
            'signature',
            async () => {
              const [header, payload] = (await honest(session.accessToken)).split('.');
              const [, , signature] = (await honest(session.accessToken)).split('.');
              return `${header}.${payload}.${signature}`;
            },
          ],
        ])('refuses a proof: %s, and audits it', async (reason, make) => {
          const before = await refusalsFor(phone.deviceId, reason);
          const outcome = await transport.send(first.url, phone, session.accessToken, await make());
          expectRefused(transport, outcome);
          expect(await refusalsFor(phone.deviceId, reason)).toBe(before + 1);
        });

        it('refuses a replayed proof, also on the other instance (jti in Redis), and audits it', async () => {
          const proof = await honest(session.accessToken, { htu: transport.url(publicUrl) });
          expect(await transport.send(first.url, phone, session.accessToken, proof)).toEqual({ ok: true });
          const before = await refusalsFor(phone.deviceId, 'replayed');
          expectRefused(transport, await transport.send(second.url, phone, session.accessToken, proof));
          expectRefused(transport, await transport.send(first.url, phone, session.accessToken, proof));
          expect(await refusalsFor(phone.deviceId, 'replayed')).toBe(before + 2);
        });
      });

      it('/internal/verify needs the forwarded method and URL and reports cnf', async () => {
        const headers = (proof?: string) => ({
          ...freshIpHeader(),
          'x-service-name': 'dpop-test',
          authorization: `DPoP ${session.accessToken}`,
          'x-device-fingerprint': phone.fingerprint,
          'x-forwarded-method': 'PUT',
          'x-forwarded-proto': 'https',
          'x-forwarded-host': 'api.example.test',
          'x-forwarded-uri': '/orders/7?x=1',
          ...(proof ? { dpop: proof } : {}),
        });
        const proof = await proofOf(phone.keys, {
          htm: 'PUT',
          htu: 'https://api.example.test/orders/7',
          accessToken: session.accessToken,
        });
        const verified = await api.get('/internal/verify', { headers: headers(proof) });
        expect(verified.status).toBe(200);
        expect(verified.body.claims.cnf).toEqual({ jkt: await thumbprintOf(phone.keys) });
        const missing = await api.get('/internal/verify', { headers: headers() });
        expect(missing.status).toBe(401);
        expect(missing.headers.get('www-authenticate')).toBe(challengeHeader);
        expect(missing.body).toEqual({ valid: false, ...refusalBody });
        const replayed = await api.get('/internal/verify', { headers: headers(proof) });
        expect(replayed.status).toBe(401);
      });

      it('a bound refresh needs a proof by its key; a refused one leaves the token usable', async () => {
        const own = await boundLogin(phone);
        const refresh = (proof?: string) =>
          api.post(
            refreshPath,
            { refreshToken: own.refreshToken },
            {
              headers: {
                ...freshIpHeader(),
                'x-device-fingerprint': phone.fingerprint,
                ...(proof ? { dpop: proof } : {}),
              },
            },
          );
        const without = await refresh();
        expect(without.status).toBe(401);
        expect(without.headers.get('www-authenticate')).toBe(challengeHeader);
        expect(without.body).toEqual(refusalBody);
        const otherKey = await refresh(
          await proofOf(makeKeyPair(algorithm), { htm: 'POST', htu: `${first.url}${refreshPath}` }),
        );
        expect(otherKey.status).toBe(401);
        const rotated = await refresh(await proofOf(phone.keys, { htm: 'POST', htu: `${first.url}${refreshPath}` }));
        expect(rotated.status).toBe(200);
        expect(decodeJwt(rotated.body.data.accessToken).cnf).toEqual({ jkt: await thumbprintOf(phone.keys) });
      });
    });

    it('a login whose proof is signed by another key is refused and audited', async () => {
      const phone = await newPhone('ES256');
      const response = await login(first.url, phone, makeKeyPair('ES256'));
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(challengeHeader);
      expect(response.body).toEqual(refusalBody);
      const audited = await onDatabase(database.url, (sql) =>
        sql.query(
          `select "error_code", "details" from "auth"."audit_entry" where "action" = 'biometric_login' and "device_id" = $1`,
          [phone.deviceId],
        ),
      );
      expect(audited.rows).toEqual([{ error_code: 'INVALID_DPOP_PROOF', details: { deviceProof: 'other_key' } }]);
    });

    it('a login proof signed with another algorithm of the same RSA key is refused', async () => {
      const phone = await newPhone('RS256');
      const response = await login(first.url, phone, { ...phone.keys, algorithm: 'PS256' });
      expect(response.status).toBe(401);
    });

    it('without a proof the contract holds: the login works and its tokens are not bound', async () => {
      const phone = await newPhone('ES256');
      const response = await login(first.url, phone, null);
      expect(response.status).toBe(200);
      const { accessToken } = response.body.data.tokens as BoundSession;
      expect(decodeJwt(accessToken).cnf).toBeUndefined();
      const listed = await api.get(devicesPath, {
        headers: {
          ...freshIpHeader(),
          authorization: `Bearer ${accessToken}`,
          'x-device-fingerprint': phone.fingerprint,
        },
      });
      expect(listed.status).toBe(200);
    });

    it('DEVICE_PROOF=required: no biometric login, refresh or unbound biometric token without a proof', async () => {
      const phone = await newPhone('ES256');
      const unbound = await login(first.url, phone, null);
      const refused = await login(required.url, phone, null);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe(challengeHeader);
      const accepted = await login(required.url, phone);
      expect(accepted.status).toBe(200);
      const copied = await httpClient(required.url).get(devicesPath, {
        headers: {
          ...freshIpHeader(),
          authorization: `Bearer ${unbound.body.data.tokens.accessToken}`,
          'x-device-fingerprint': phone.fingerprint,
        },
      });
      expect(copied.status).toBe(401);
      const refresh = await httpClient(required.url).post(
        refreshPath,
        { refreshToken: unbound.body.data.tokens.refreshToken },
        { headers: { ...freshIpHeader(), 'x-device-fingerprint': phone.fingerprint } },
      );
      expect(refresh.status).toBe(401);
    });

    it('deleting a device ends its proofs at once', async () => {
      const phone = await newPhone('ES256');
      const session = await boundLogin(phone);
      const proof = () =>
        proofOf(phone.keys, { htm: 'GET', htu: `${first.url}${devicesPath}`, accessToken: session.accessToken });
      expect(await restSend(first.url, phone, session.accessToken, await proof())).toEqual({ ok: true });
      const removed = await api.delete(`${devicesPath}/${phone.deviceId}`, {
        headers: freshIpHeader(),
        token: phone.userToken,
      });
      expect(removed.status).toBe(200);
      const after = await restSend(second.url, phone, session.accessToken, await proof());
      expect(after.ok).toBe(false);
      const refresh = await api.post(
        refreshPath,
        { refreshToken: session.refreshToken },
        {
          headers: {
            ...freshIpHeader(),
            'x-device-fingerprint': phone.fingerprint,
            dpop: await proofOf(phone.keys, { htm: 'POST', htu: `${first.url}${refreshPath}` }),
          },
        },
      );
      expect(refresh.status).toBe(401);
    });

    it('a server nonce (DPoP-Nonce) is issued to proof senders and accepted; a forged one is not', async () => {
      const phone = await newPhone('ES256');
      const session = await boundLogin(phone);
      const send = async (nonce?: string) =>
        api.get(devicesPath, {
          headers: {
            ...freshIpHeader(),
            authorization: `DPoP ${session.accessToken}`,
            'x-device-fingerprint': phone.fingerprint,
            dpop: await proofOf(phone.keys, {
              htm: 'GET',
              htu: `${first.url}${devicesPath}`,
              accessToken: session.accessToken,
              nonce,
            }),
          },
        });
      const plain = await send();
      expect(plain.status).toBe(200);
      const nonce = plain.headers.get('dpop-nonce');
      expect(nonce).toMatch(/^\d+\.[\w-]+$/);
      expect((await send(nonce!)).status).toBe(200);
      const forged = await send(`${nonce!.split('.')[0]}.${'A'.repeat(43)}`);
      expect(forged.status).toBe(401);
      expect(await refusalsFor(phone.deviceId, 'nonce')).toBe(1);
    });
  },
);
