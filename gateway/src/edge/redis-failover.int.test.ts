import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFromNewIp } from '../../../test/client-address.js';
import { loggedOutSession, loginAs } from '../../../test/client.js';
import {
  adminCredentials,
  createTestDatabase,
  newSharedResources,
  startTestServer,
  type SharedResources,
  type TestServer,
} from '../../../test/harness.js';
import { decodeJwt } from '../../../test/jwt.js';
import { actorsOf, openInbox, wsClient, type Actors } from '../../../test/notifications-kit.js';
import { startSentinelTopology, type SentinelTopology } from '../../../test/redis-sentinels.js';
import { servicesMissing } from '../../../test/services.js';
import { createSignedInUser, type TestUser } from '../../../test/users.js';
import { pause } from '../../../test/waiting.js';

const verifyHeaders = { 'x-service-name': 'redis-failover' };
/** No request may wait longer than this, failover or not (the store's deadline is 500 ms a command). */
const requestBoundMs = 2500;
/** Sentinel notices in 1 s (down-after-milliseconds) and promotes within a few; the platform follows by itself. */
const recoveryBoundMs = 15_000;
/** Two hello periods of the Sentinels (2 s each): by then every one of them announced the new primary. */
const sentinelsAgreeMs = 4000;

interface Answer {
  status: number;
  retryAfter: string | null;
  ms: number;
  /** A refusal's message: a failure's report says which refusal it was. */
  message?: string;
}

/**
 * Issue 25, item 2: a Redis primary, a replica and three Sentinels of the test's own; the real system reaches
 * Redis only through the Sentinels. The primary is SIGKILLed by its PID; Sentinel promotes the replica.
 */
describe.skipIf(servicesMissing)('a Redis failover through Sentinel', () => {
  let redis: SentinelTopology;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let shared: SharedResources;
  let server: TestServer;
  let actors: Actors;
  let alice: TestUser;
  const sockets: { dispose(): void | Promise<void> }[] = [];

  beforeAll(async () => {
    redis = await startSentinelTopology();
    database = await createTestDatabase();
    // REDIS_URL empty is unset: the Sentinels are the one way to Redis.
    shared = newSharedResources(database.url);
    server = await startTestServer(shared, { REDIS_URL: '', ...redis.environment });
    actors = await actorsOf(server.url);
    alice = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'alice' });
  }, 60_000);
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.dispose()));
    await server?.close();
    await redis?.stop();
    await database?.drop();
  });

  /** A REST path and /internal/verify, each needing Redis (limit, revocation), timed. */
  async function answersOf(token: string): Promise<Answer[]> {
    const api = clientFromNewIp(server.url);
    const timed = async (request: Promise<{ status: number; headers: Headers; body: { message?: string } }>) => {
      const started = Date.now();
      const { status, headers, body } = await request;
      const message = status === 200 ? undefined : body?.message;
      return { status, retryAfter: headers.get('retry-after'), ms: Date.now() - started, message };
    };
    return Promise.all([
      timed(api.get('/api/v1/auth/devices', { token })),
      timed(api.get('/internal/verify', { token, headers: verifyHeaders })),
    ]);
  }

  it('answers 503 with Retry-After while Sentinel promotes the replica, then recovers; logouts and subscriptions survive', async () => {
    const api = clientFromNewIp(server.url);
    const live = await loginAs(api, adminCredentials.email, adminCredentials.password);
    const loggedOut = await loggedOutSession(api, adminCredentials.email, adminCredentials.password);
    const lostMarker = await loggedOutSession(api, adminCredentials.email, adminCredentials.password);
    const socket = wsClient(server.url, alice.token);
    sockets.push(socket);
    const inbox = await openInbox(socket);
    await pause(200);

    // The first logout's markers reach the replica before the primary dies (WAIT: acknowledged by it). The
    // second's marker is gone from both, as a marker written just before the crash and never replicated would
    // be, while the replicated epoch still vouches for the markers: the platform must not trust it.
    const primary = redis.client(redis.primary.port);
    const lost = `${shared.redisKeyPrefix}revoked:session:${decodeJwt(lostMarker.accessToken).session_id}`;
    expect(await primary.del(lost), 'the marker to lose').toBe(1);
    expect(await primary.exists(`${shared.redisKeyPrefix}revocations:loaded`), 'the epoch').toBe(1);
    expect(await primary.wait(1, 2000), 'the replica acknowledged the writes').toBe(1);

    // When the system's connection became usable again: once, on the promoted replica, and never after.
    const readyAgainAt: number[] = [];
    server.system.platform.stores.keyValue.onReconnected(() => readyAgainAt.push(Date.now()));

    const killedAt = Date.now();
    process.kill(redis.primary.process.pid!, 'SIGKILL');
    const during: Answer[] = [];
    let recoveredAt: number | undefined;
    while (Date.now() - killedAt < recoveryBoundMs) {
      const answers = await answersOf(live.accessToken);
      during.push(...answers);
      if (answers.every((answer) => answer.status === 200)) {
        recoveredAt = Date.now();
        break;
      }
      await pause(100);
    }
    const window = recoveredAt === undefined ? undefined : recoveredAt - killedAt;
    console.info(
      `Redis failover: first success ${window} ms after SIGKILL; ${during.filter((a) => a.status === 503).length} ` +
        `503s of ${during.length} answers; slowest answer ${Math.max(...during.map((a) => a.ms))} ms`,
    );
    const diagnosis = `Sentinels name :${await redis.namedPrimaryPort()}, the replica :${redis.replica.port} reports ${
      (await redis.client(redis.replica.port).info('replication')).match(/role:\w+/)?.[0]
    }; last answers ${JSON.stringify(during.slice(-2))}`;
    expect(window, `recovered by itself within the bound (${diagnosis})`).toBeDefined();
    expect(await redis.namedPrimaryPort(), 'Sentinel promoted the replica').toBe(redis.replica.port);
    for (const answer of during) {
      expect([200, 503], JSON.stringify(answer)).toContain(answer.status);
      if (answer.status === 503) expect(answer.retryAfter, 'a 503 says when to try again').toMatch(/^\d+$/);
      expect(answer.ms, 'never hangs').toBeLessThan(requestBoundMs);
    }
    expect(during.some((answer) => answer.status === 503)).toBe(true);

    // Every Sentinel announces the new primary (+switch-master), the others up to a hello period (2 s) after the
    // leader; a connection already on it is kept (sentinel-failovers.ts), so no request fails after the recovery.
    await pause(sentinelsAgreeMs);
    expect(readyAgainAt.filter((at) => at > recoveredAt!).map((at) => at - killedAt)).toEqual([]);

    // Stays recovered, and the logouts made before the failover are still in force, the lost marker's too.
    for (const revoked of [loggedOut, lostMarker]) {
      const answers = await answersOf(revoked.accessToken);
      expect(
        answers.map((answer) => answer.status),
        JSON.stringify(answers),
      ).toEqual([401, 401]);
    }
    const answers = await answersOf(live.accessToken);
    expect(
      answers.map((answer) => answer.status),
      JSON.stringify(answers),
    ).toEqual([200, 200]);

    // A notification raised after the failover reaches the subscription opened before it.
    const created = await actors.api.post(
      '/internal/notifications',
      { userId: alice.id, message: 'After the failover', targetLink: '/inbox', targetText: 'Open' },
      { token: actors.serviceToken },
    );
    expect(created.status).toBe(201);
    await inbox.next(1, 5000);
    const event = inbox.events.at(-1) as { data: { inboxChanged: { notification: { message: string } } } };
    expect(event.data.inboxChanged.notification.message).toBe('After the failover');
  }, 45_000);
});
