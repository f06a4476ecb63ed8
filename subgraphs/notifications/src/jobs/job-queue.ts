import PgBoss from 'pg-boss';
import type { Config } from '@platform/lib/config';
import type { Logger } from '@platform/lib/logger';
import {
  notificationQueueOptions,
  notificationQueueSchema,
  notificationRequestDeadLetter,
  notificationRequestQueue,
  type NotificationRequestMessage,
} from '@platform/lib/notifications/request-queue';
import { contextFrom, inSpan, SpanKind, traceCarrier, type TraceCarrier } from '@platform/lib/tracing';

const queueName = 'notification-jobs';
const deadLetterName = 'notification-jobs-dead';

export interface QueuedJob {
  jobId: string;
  /** The trace of the request that made the job, continued by its delivery. */
  trace?: TraceCarrier;
}

/** A job's processing as a consumer span in the trace of the request that queued it. */
function continueTrace<T>(name: string, carrier: TraceCarrier | undefined, work: () => Promise<T>): Promise<T> {
  return inSpan(name, { kind: SpanKind.CONSUMER, parent: contextFrom(carrier) }, work);
}

export type JobHandler = (job: QueuedJob, attempt: { retryCount: number; retryLimit: number }) => Promise<void>;

/** A request another process queued (lib's request-queue.ts), with the queue entry's id. */
export type RequestHandler = (message: NotificationRequestMessage, requestId: string) => Promise<void>;

/** A client of one transaction: pg-boss inserts its job with the caller's SQL (same commit as the job row). */
export type SqlClient = { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * pg-boss 10 in the subgraph's database: at-least-once delivery, retries with exponential backoff, a job
 * active beyond NOTIFICATION_JOB_EXPIRE_SECONDS (its worker died) is retried, exhausted jobs go to the
 * dead-letter queue.
 */
export class JobQueue {
  private readonly workerIds: string[] = [];

  private constructor(
    private readonly boss: PgBoss,
    private readonly config: Config,
  ) {}

  static async start(databaseUrl: string, config: Config, logger: Logger): Promise<JobQueue> {
    // pg-boss keeps a small pool of its own instead of a `db` adapter over MikroORM's (it needs no LISTEN or
    // session lock, so it could share): its maintenance, which expires jobs of dead workers, waits up to 30 s
    // (SET LOCAL lock_timeout) for an advisory lock another instance may hold, beyond the shared pool's 1.5 s
    // query_timeout and 5 s statement_timeout, and its four workers poll twice a second on the connections
    // requests wait at most 2 s for. A job's own insert does use the shared pool: enqueue joins the caller's
    // transaction.
    const boss = new PgBoss({
      connectionString: databaseUrl,
      schema: notificationQueueSchema,
      max: 4,
      application_name: 'notifications-queue',
      schedule: false,
      maintenanceIntervalSeconds: Math.min(60, config.NOTIFICATION_JOB_EXPIRE_SECONDS),
    });
    boss.on('error', (error) => logger.error({ err: error }, 'notification queue error'));
    await boss.start();
    for (const [name, deadLetter] of [
      [queueName, deadLetterName],
      [notificationRequestQueue, notificationRequestDeadLetter],
    ] as const) {
      const options = notificationQueueOptions(config, name, deadLetter);
      await boss.createQueue(deadLetter);
      await boss.createQueue(name, options);
      await boss.updateQueue(name, options);
    }
    return new JobQueue(boss, config);
  }

  async enqueue(client: SqlClient, jobId: string, startAfter: Date | null): Promise<void> {
    await this.boss.send(queueName, { jobId, trace: traceCarrier() } satisfies QueuedJob, {
      id: jobId,
      ...(startAfter ? { startAfter } : {}),
      db: { executeSql: (text, values) => client.query(text, values) as Promise<{ rows: unknown[] }> },
    });
  }

  /** Wakes this process's workers at once instead of at their next poll. */
  nudge(): void {
    for (const id of this.workerIds) this.boss.notifyWorker(id);
  }

  async work(handler: JobHandler, concurrency = 4): Promise<void> {
    for (let index = 0; index < concurrency; index += 1) {
      let id = '';
      id = await this.boss.work<QueuedJob>(
        queueName,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 0.5 },
        async ([job]) => {
          try {
            if (job) {
              const attempt = { retryCount: job.retryCount, retryLimit: job.retryLimit };
              await continueTrace(`${queueName} process`, job.data.trace, () => handler(job.data, attempt));
            }
          } finally {
            // pg-boss waits a polling interval after every batch; while jobs keep coming, fetch again at once.
            this.boss.notifyWorker(id);
          }
        },
      );
      this.workerIds.push(id);
    }
  }

  /** Requests are few and small (security events): one worker, polled as often as jobs are. */
  async workRequests(handler: RequestHandler): Promise<void> {
    await this.boss.work<NotificationRequestMessage>(
      notificationRequestQueue,
      { batchSize: 1, pollingIntervalSeconds: 0.5 },
      async ([request]) => {
        if (request) {
          await continueTrace(`${notificationRequestQueue} process`, request.data.trace, () =>
            handler(request.data, request.id),
          );
        }
      },
    );
  }

  get retryLimit(): number {
    return this.config.NOTIFICATION_RETRY_LIMIT;
  }

  stop(): Promise<void> {
    return this.boss.stop({ graceful: true, timeout: 5000, wait: true });
  }
}
