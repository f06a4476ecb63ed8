import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '@platform/lib/project-root';
import { buildProduct } from '../../../test/build.js';
import {
  createTestDatabase,
  newSharedResources,
  startTestServer,
  type SharedResources,
  type TestServer,
} from '../../../test/harness.js';
import { actorsOf, openInbox, wsClient, type Actors } from '../../../test/notifications-kit.js';
import { killNow } from '../../../test/redis-server.js';
import { servicesMissing, testRedisUrl as maybeRedisUrl } from '../../../test/services.js';
import { startTcpProxy } from '../../../test/tcp-proxy.js';
import { createSignedInUser, type TestUser } from '../../../test/users.js';
import { eventually, pause } from '../../../test/waiting.js';

interface InboxChanged {
  data: { inboxChanged: { unreadCount: number; notification: { id: string; message: string } } };
}

/** Set whenever the suite runs (servicesMissing otherwise). */
const testRedisUrl = maybeRedisUrl ?? '';
/** The worker as `npm run start:worker` runs it: compiled JavaScript in a process of its own. */
const workerEntry = join(projectRoot(), 'dist', 'subgraphs', 'notifications', 'src', 'worker-main.js');

/**
 * A worker can die after a job's inbox rows committed and before it announced them. The instance holding the
 * inbox kept its own Redis connection, so no catch-up runs there: only the job's retry, on another worker, can
 * announce the rows the dead attempt wrote. Here the first worker's Redis connection is frozen (a proxy stops
 * forwarding), so its announcement hangs after the commit; it is SIGKILLed there, and the open inbox receives
 * the item from the second worker exactly once.
 */
describe.skipIf(servicesMissing)('a job whose worker died between writing and announcing its inbox rows', () => {
  let network: Awaited<ReturnType<typeof startTcpProxy>>;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let sql: pg.Client;
  let shared: SharedResources;
  let server: TestServer;
  let actors: Actors;
  let alice: TestUser;
  const sockets: { dispose(): void | Promise<void> }[] = [];
  const workers: ChildProcess[] = [];

  const startWorker = (redisUrl: string) => {
    const child = spawn(process.execPath, [workerEntry], {
      cwd: projectRoot(),
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: shared.databaseUrl,
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: shared.redisKeyPrefix,
        JWT_SECRET: shared.jwtSecret,
        DATA_ENCRYPTION_KEY: shared.encryptionKey,
        NOTIFICATION_JOB_EXPIRE_SECONDS: '3',
        NOTIFICATION_RETRY_DELAY_SECONDS: '1',
      },
    });
    workers.push(child);
    return child;
  };

  beforeAll(async () => {
    await buildProduct(workerEntry);
    network = await startTcpProxy(testRedisUrl);
    database = await createTestDatabase();
    shared = newSharedResources(database.url);
    server = await startTestServer(shared, { WORKER_ENABLED: 'false' });
    actors = await actorsOf(server.url);
    alice = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'alice' });
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
  }, 120_000);
  afterAll(async () => {
    await Promise.all(workers.map(killNow));
    await Promise.all(sockets.map((socket) => socket.dispose()));
    await sql?.end();
    await server?.close();
    await network?.close();
    await database?.drop();
  });

  const submit = async (body: Record<string, unknown>) => {
    const job = await actors.api.post('/internal/notifications/jobs', body, { token: actors.serviceToken });
    expect(job.status).toBe(200);
    return job.body.jobId as string;
  };
  const attemptOf = async (jobId: string) =>
    (
      await sql.query<{ status: string; items: number }>(
        `select j.status, (select count(*)::int from notifications.notification n where n.job_id = j.id) as items
         from notifications.notification_job j where j.id = $1`,
        [jobId],
      )
    ).rows[0];

  it('announces from the retry what the dead attempt wrote, once', async () => {
    const socket = wsClient(server.url, alice.token);
    sockets.push(socket);
    const inbox = await openInbox(socket);
    await pause(200);

    // The first worker runs (a job of someone else's done end to end through the proxy), then the proxy
    // freezes: its announcements hang from here on.
    const first = startWorker(network.url);
    const warmUp = await submit({
      message: 'Warm-up',
      recipients: [{ userId: alice.id + 100_000, channels: ['in_app'] }],
    });
    await eventually(async () => (await attemptOf(warmUp))?.status === 'completed', { timeoutMs: 30_000 });
    network.setMode('freeze');

    const jobId = await submit({
      message: 'Written, then announced by the retry',
      recipients: [{ userId: alice.id, channels: ['in_app'] }],
    });

    // The first worker wrote the row; its announcement hangs on the frozen connection.
    await eventually(async () => (await attemptOf(jobId))?.items === 1, { timeoutMs: 20_000 });
    await killNow(first);
    network.setMode('forward');
    await pause(500);
    expect(inbox.events, 'the dead worker announced nothing').toHaveLength(0);

    startWorker(testRedisUrl);
    await inbox.next(1, 20_000);
    await eventually(async () => (await attemptOf(jobId))?.status === 'completed', { timeoutMs: 10_000 });
    await pause(500);
    const events = inbox.events as unknown as InboxChanged[];
    expect(events.map((event) => event.data.inboxChanged.notification.message)).toEqual([
      'Written, then announced by the retry',
    ]);
    expect(events[0]!.data.inboxChanged.unreadCount).toBe(1);
    expect((await attemptOf(jobId))?.items).toBe(1);
  }, 90_000);
});
