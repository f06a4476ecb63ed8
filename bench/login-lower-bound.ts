import { createPublicKey, randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import type { TokenCodec } from '@platform/lib/auth/token-codec';
import { tokenKinds, tokenLifetimes } from '@platform/lib/auth/token-kinds';
import { verifyDeviceSignature, type DevicePublicKey } from '@platform/auth/devices/device-signature';
import { tokenHash } from '@platform/auth/sessions/token-family.service';
import { benchAuditEntry, benchFamily, openLoginStore } from './login-writes.js';

interface LowerBoundDevice {
  fingerprint: string;
  algorithm: DevicePublicKey['algorithm'];
  privateKeyPem: string;
}

interface LoginSession {
  sessionId: string;
  challenge: string;
  userId: number;
  deviceId: string;
}

export interface LowerBoundServer {
  url: string;
  /** The slowest store round trip as timed inside the handler (mean per call), since the last call. */
  slowestInFlight(): { ms: number; which: string };
  close(): Promise<void>;
}

const loginLifetimeMs = 2 * 60_000;

/**
 * The fastest a login could be on this machine with the server's design: the same store round trips in the
 * same order (the challenge's device read, its session SET and audit insert; the login's session GET and its
 * one write, with the DEL not awaited), the same signature check and token signing, but behind a bare
 * node:http handler with no framework, GraphQL, validation or error mapping, for the one bench device only.
 * The bench times it with the same client as the real login: what is left between the two is the server's
 * own code, and this one's ratio to the floor is what the machine itself allows. It also times its round
 * trips as they happen inside the requests, which on this machine take longer than in the floor's tight loop.
 */
export async function startLowerBoundServer(
  databaseUrl: string,
  redisUrl: string,
  codec: TokenCodec,
  device: LowerBoundDevice,
): Promise<LowerBoundServer> {
  const store = await openLoginStore(databaseUrl);
  const redis = new Redis(redisUrl, { enableAutoPipelining: true });
  const publicKey: DevicePublicKey = {
    key: createPublicKey(device.privateKeyPem),
    algorithm: device.algorithm,
    keyId: 'bench',
  };
  const timings = new Map<string, { calls: number; ms: number }>();
  const timed = async <T>(which: string, roundTrip: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await roundTrip();
    const timing = timings.get(which) ?? { calls: 0, ms: 0 };
    timings.set(which, { calls: timing.calls + 1, ms: timing.ms + performance.now() - started });
    return result;
  };

  async function challenge(body: { deviceFingerprint: string }) {
    const devices = await timed('challenge read', () => store.logins.devicesWithFingerprint(body.deviceFingerprint));
    const session: LoginSession = {
      sessionId: randomUUID(),
      challenge: randomBytes(64).toString('base64url'),
      userId: devices[0]!.userId,
      deviceId: devices[0]!.id,
    };
    const expiresAt = new Date(Date.now() + loginLifetimeMs).toISOString();
    const sessionKey = `lower-bound:${session.sessionId}`;
    await timed('session SET', () =>
      redis.set(sessionKey, JSON.stringify({ ...session, devices }), 'PX', loginLifetimeMs),
    );
    await timed('audit insert', () =>
      store.auditEntries.record(benchAuditEntry(session.userId, session.deviceId, session.challenge)),
    );
    return { challenge: session.challenge, expiresAt, sessionId: session.sessionId };
  }

  async function biometric(body: { sessionId: string; signedChallenge: string }) {
    const session = JSON.parse(
      (await timed('session GET', () => redis.get(`lower-bound:${body.sessionId}`)))!,
    ) as LoginSession;
    const message = Buffer.from(session.challenge, 'base64url');
    if (!verifyDeviceSignature(publicKey, message, body.signedChallenge)) throw new Error('signature refused');
    const family = benchFamily(session.userId, session.deviceId, session.sessionId);
    const subject = String(session.userId);
    const [access, refresh] = await Promise.all([
      codec.sign(
        tokenKinds.biometricAccess,
        subject,
        { device_id: session.deviceId },
        tokenLifetimes.biometricAccessMs,
      ),
      codec.sign(tokenKinds.biometricRefresh, subject, { token_family: family.id }, tokenLifetimes.refreshMs),
    ]);
    const write = {
      family,
      refresh: { jti: refresh.jti, tokenHash: tokenHash(refresh.token), expiresAt: refresh.expiresAt },
      audit: benchAuditEntry(session.userId, session.deviceId, session.challenge),
    };
    await timed('login write', () => store.logins.recordLogin(write));
    void redis.del(`lower-bound:${body.sessionId}`).catch(() => undefined);
    return { success: true, tokens: { accessToken: access.token, refreshToken: refresh.token } };
  }

  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as never;
      const work = request.url?.endsWith('/challenge') ? challenge(body) : biometric(body);
      work.then(
        (data) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data })),
        (error: unknown) => response.writeHead(500).end(String(error)),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    slowestInFlight: () => {
      let slowest = { ms: 0, which: '' };
      for (const [which, { calls, ms }] of timings) if (ms / calls > slowest.ms) slowest = { ms: ms / calls, which };
      timings.clear();
      return slowest;
    },
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await store.close();
      redis.disconnect();
    },
  };
}
