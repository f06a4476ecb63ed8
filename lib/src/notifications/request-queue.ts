import type { Config } from '../config.js';
import type { JobEngine, QueueOptions } from '../jobs/job-engine.js';
import type { TraceCarrier } from '../tracing.js';
import type { NotificationJobBody } from './job-schema.js';

export const notificationRequestQueue = 'notification-requests';
export const notificationRequestDeadLetter = 'notification-requests-dead';

/** A validated job request and the service that raised it, waiting for the notification subgraph to accept it. */
export interface NotificationRequestMessage {
  request: NotificationJobBody;
  serviceName: string;
  /** The raising request's trace, continued by the worker that accepts it. */
  trace?: TraceCarrier;
}

/** The same retries, expiry and dead letter as the job queue, so a request is as durable as a job. */
export function notificationQueueOptions(config: Config, deadLetter: string): QueueOptions {
  return {
    retryLimit: config.NOTIFICATION_RETRY_LIMIT,
    retryDelay: config.NOTIFICATION_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    expireInSeconds: config.NOTIFICATION_JOB_EXPIRE_SECONDS,
    deadLetter,
  };
}

export interface NotificationRequestQueueDependencies {
  jobs: JobEngine;
  config: Config;
}

/**
 * Where any process (auth alone, or the whole system in one) submits notification jobs: a queue of the
 * process's job engine (lib/jobs/job-engine.ts) that the notification subgraph's worker drains into jobs
 * (decisions: Distributed layout). A request is durable once `send` returns, whether or not the notification
 * subgraph is running.
 */
export class NotificationRequestQueue {
  constructor(private readonly deps: NotificationRequestQueueDependencies) {}

  async send(message: NotificationRequestMessage): Promise<void> {
    // Created here too: this process may start before the notification subgraph's (idempotent, once per process).
    await this.deps.jobs.queue(
      notificationRequestQueue,
      notificationQueueOptions(this.deps.config, notificationRequestDeadLetter),
    );
    // pg-boss inserts nothing (and answers null) when the queue does not exist.
    if (!(await this.deps.jobs.send(notificationRequestQueue, message)))
      throw new Error('notification request not queued');
  }
}
