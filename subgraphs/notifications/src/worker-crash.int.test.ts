import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '@platform/lib/project-root';
import { buildProduct } from '../../../test/build.js';
import { startIsolatedServer } from '../../../test/harness.js';
import { servicesMissing, testRedisUrl } from '../../../test/services.js';
import { startSmtpCatcher } from '../../../test/delivery-stand-ins.js';
import { actorsOf, type Actors } from '../../../test/notifications-kit.js';
import { eventually } from '../../../test/waiting.js';

const root = projectRoot();
/** The worker as `npm run start:worker` runs it: compiled JavaScript in a process of its own. */
const workerEntry = join(root, 'dist', 'subgraphs', 'notifications', 'src', 'worker-main.js');
const recipients = 6;

describe.skipIf(servicesMissing)('the notification worker killed in the middle of a job', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  let actors: Actors;
  let database: pg.Client;
  const workers: ChildProcess[] = [];

  const startWorker = () => {
    const child = spawn(process.execPath, [workerEntry], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: server.shared.databaseUrl,
        REDIS_URL: testRedisUrl,
        REDIS_KEY_PREFIX: server.shared.redisKeyPrefix,
        JWT_SECRET: server.shared.jwtSecret,
        DATA_ENCRYPTION_KEY: server.shared.encryptionKey,
        SMTP_URL: smtp.url,
        NOTIFICATION_JOB_EXPIRE_SECONDS: '3',
        NOTIFICATION_RETRY_DELAY_SECONDS: '1',
      },
    });
    workers.push(child);
    return child;
  };
  const jobStatus = async (jobId: string) =>
    (await database.query('select status from notifications.notification_job where id = $1', [jobId])).rows[0]
      .status as string;

  beforeAll(async () => {
    await buildProduct(workerEntry);
    // The n-th e-mail is answered after n * 400 ms, so the job is surely half-way when the worker dies.
    smtp = await startSmtpCatcher((index) => index * 400);
    server = await startIsolatedServer({
      WORKER_ENABLED: 'false',
      SMTP_URL: smtp.url,
      NOTIFICATION_JOB_EXPIRE_SECONDS: '3',
      NOTIFICATION_RETRY_DELAY_SECONDS: '1',
    });
    actors = await actorsOf(server.url);
    database = new pg.Client({ connectionString: server.shared.databaseUrl });
    await database.connect();
  }, 120_000);
  afterAll(async () => {
    for (const worker of workers) if (worker.exitCode === null) worker.kill('SIGKILL');
    await database?.end();
    await server?.close();
    await smtp?.close();
  });

  it('gives every recipient exactly one inbox item and at least one e-mail after SIGKILL and restart', async () => {
    const job = await actors.api.post(
      '/internal/notifications/jobs',
      {
        message: 'Survives a crash',
        title: 'Crash test',
        recipients: Array.from({ length: recipients }, (_, index) => ({
          userId: 5000 + index,
          email: `crash-${index}@example.test`,
          channels: ['in_app', 'email'],
        })),
      },
      { token: actors.serviceToken },
    );
    expect(job.status).toBe(200);
    const jobId = job.body.jobId as string;

    const first = startWorker();
    await eventually(async () => smtp.mails.length >= 2, { timeoutMs: 20_000 });
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    const mailsAtCrash = smtp.mails.length;
    expect(await jobStatus(jobId)).not.toBe('completed');
    expect(mailsAtCrash).toBeLessThan(recipients);

    startWorker();
    await eventually(async () => (await jobStatus(jobId)) === 'completed', { timeoutMs: 45_000 });

    const { rows: inbox } = await database.query(
      'select user_id, count(*)::int as items from notifications.notification where job_id = $1 group by user_id order by user_id',
      [jobId],
    );
    expect(inbox).toEqual(Array.from({ length: recipients }, (_, index) => ({ user_id: 5000 + index, items: 1 })));
    await eventually(async () => new Set(smtp.mails.flatMap((mail) => mail.to)).size === recipients);
    const perRecipient = Array.from(
      { length: recipients },
      (_, index) => smtp.mails.filter((mail) => mail.to.includes(`crash-${index}@example.test`)).length,
    );
    expect(perRecipient.every((count) => count >= 1)).toBe(true);
    console.info(
      `crash test: ${mailsAtCrash} e-mails before SIGKILL, ${smtp.mails.length} in all for ${recipients} recipients ` +
        `(per recipient ${perRecipient.join(', ')}); inbox items per recipient: ${inbox.map((row) => row.items).join(', ')}`,
    );
  }, 90_000);
});
