import type { Config } from '../config.js';
import type { DatabasePool } from '../database.js';
import type { Logger } from '../logger.js';
import { traceCarrier } from '../tracing.js';
import { validate } from '../validation.js';
import { notificationJobSchema } from './job-schema.js';
import { NotificationRequestQueue } from './request-queue.js';

/** Channel names of a job's recipients (decisions: Notification service). */
export type NotificationChannel = 'in_app' | 'push' | 'email';

export interface NotificationRecipient {
  userId: number;
  email?: string;
  /** Empty or absent: in_app only. */
  channels?: NotificationChannel[];
  context?: Record<string, unknown>;
}

/** The job body of the notification spec; the one way any service raises notifications. */
export interface NotificationJobRequest {
  message: string;
  recipients: NotificationRecipient[];
  title?: string;
  targetId?: string;
  targetLink?: string;
  targetText?: string;
  targetType?: string;
  triggerEvent?: string;
  emailTemplate?: string;
  emailAttachments?: string[];
  notifierId?: number;
  scheduleAt?: string;
}

/** What producers (auth, projects) depend on. */
export interface NotificationProducer {
  /**
   * Never throws: a security event must not fail the operation that caused it; a refused or failed
   * submission is logged.
   */
  raise(request: NotificationJobRequest): Promise<void>;
}

/**
 * Validates each request and queues it durably (request-queue.ts), in every layout: the notification subgraph
 * turns it into a job wherever it runs. Usable once the process entry has opened its database (`open`), until
 * `close` (then a raise is logged and dropped: the job engine is closing with the pool).
 */
export class QueuedNotificationProducer {
  private queue?: NotificationRequestQueue;

  constructor(private readonly deps: { config: Config; logger: Logger }) {}

  /** On the process's one job engine, which the pool stops. */
  open(database: Pick<DatabasePool, 'jobs'>): void {
    this.queue = new NotificationRequestQueue({ jobs: database.jobs(this.deps), config: this.deps.config });
  }

  /** The producer of one service (the identity recorded on its jobs). */
  as(serviceName: string): NotificationProducer {
    return { raise: (request) => this.raise(request, serviceName) };
  }

  close(): Promise<void> {
    this.queue = undefined;
    return Promise.resolve();
  }

  private async raise(input: NotificationJobRequest, serviceName: string): Promise<void> {
    try {
      if (!this.queue) throw new Error('notification producer used while its database is not open');
      await this.queue.send({ request: validate(notificationJobSchema, input), serviceName, trace: traceCarrier() });
    } catch (error) {
      this.deps.logger.error({ err: error, triggerEvent: input.triggerEvent }, 'notification not raised');
    }
  }
}
