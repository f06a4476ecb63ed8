import PgBoss from 'pg-boss';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { TraceCarrier } from '../tracing.js';
import type { NotificationJobBody } from './job-schema.js';

/** pg-boss's schema in the notification subgraph's database, shared by its job queue and this request queue. */
export const notificationQueueSchema = 'notifications_boss';
export const notificationRequestQueue = 'notification-requests';

/** A validated job request and the service that raised it, waiting for the notification subgraph to accept it. */
export interface NotificationRequestMessage {
  request: NotificationJobBody;
  serviceName: string;
  /** The raising request's trace, continued by the worker that accepts it. */
  trace?: TraceCarrier;
}

/** The same retries, expiry and dead letter as the job queue, so a request is as durable as a job. */
export function notificationQueueOptions(config: Config, name: string, deadLetter: string) {
  return {
    name,
    retryLimit: config.NOTIFICATION_RETRY_LIMIT,
    retryDelay: config.NOTIFICATION_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    expireInSeconds: config.NOTIFICATION_JOB_EXPIRE_SECONDS,
    deadLetter,
  };
}

export const notificationRequestDeadLetter = 'notification-requests-dead';

export interface NotificationRequestQueueDependencies {
  databaseUrl: string;
  config: Config;
  logger: Logger;
}

/**
 * Where any process (auth alone, or the whole system in one) submits notification jobs: a pg-boss queue in
 * PostgreSQL that the notification subgraph's worker drains into jobs (decisions: Distributed layout). A
 * request is durable once `send` returns, whether or not the notification subgraph is running.
 */
export class NotificationRequestQueue {
  private boss?: Promise<PgBoss>;

  constructor(private readonly deps: NotificationRequestQueueDependencies) {}

  async send(message: NotificationRequestMessage): Promise<void> {
    const id = await (await this.started()).send(notificationRequestQueue, message);
    // pg-boss inserts nothing (and answers null) when the queue does not exist.
    if (id === null) throw new Error('notification request not queued');
  }

  async close(): Promise<void> {
    const boss = await this.boss?.catch(() => undefined);
    await boss?.stop({ graceful: false, wait: true });
  }

  /**
   * Opened at the first request, so processes that never raise one hold no connection. A pool of one
   * connection: it only inserts; the notification subgraph's instance runs maintenance (no `supervise`). It
   * installs pg-boss's schema and the queue itself when this process starts before the notification subgraph.
   */
  private started(): Promise<PgBoss> {
    this.boss ??= (async () => {
      const boss = new PgBoss({
        connectionString: this.deps.databaseUrl,
        schema: notificationQueueSchema,
        max: 1,
        application_name: 'notification-requests',
        supervise: false,
        schedule: false,
      });
      boss.on('error', (error) => this.deps.logger.error({ err: error }, 'notification request queue error'));
      try {
        await boss.start();
        await boss.createQueue(notificationRequestDeadLetter);
        await boss.createQueue(
          notificationRequestQueue,
          notificationQueueOptions(this.deps.config, notificationRequestQueue, notificationRequestDeadLetter),
        );
        return boss;
      } catch (error) {
        // The next request tries again from the start (the database may be back by then).
        this.boss = undefined;
        await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
        throw error;
      }
    })();
    return this.boss;
  }
}
