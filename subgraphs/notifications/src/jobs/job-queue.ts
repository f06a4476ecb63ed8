import { createHash } from 'node:crypto';
import type { Config } from '@platform/lib/config';
import type { JobEngine, SqlClient } from '@platform/lib/jobs/job-engine';
import {
  notificationQueueOptions,
  notificationRequestDeadLetter,
  notificationRequestQueue,
  type NotificationRequestMessage,
} from '@platform/lib/notifications/request-queue';
import { contextFrom, inSpan, SpanKind, traceCarrier, type TraceCarrier } from '@platform/lib/tracing';

export const notificationJobQueue = 'notification-jobs';
export const notificationJobDeadLetter = 'notification-jobs-dead';
/** Snoozed inbox items coming back (issue 30, item 4): one job per item and snooze time, due at that time. */
export const snoozeQueue = 'notification-snoozes';
export const snoozeDeadLetter = 'notification-snoozes-dead';

/** A snoozed item's return: it returns only if it is still snoozed until exactly `until`. */
export interface SnoozeWake {
  notificationId: string;
  userId: number;
  until: string;
}

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

/**
 * The notification subgraph's two queues on the process's one job engine (lib/jobs/job-engine.ts): at-least-once
 * delivery, retries with exponential backoff (NOTIFICATION_RETRY_LIMIT, NOTIFICATION_RETRY_DELAY_SECONDS), a job
 * active beyond NOTIFICATION_JOB_EXPIRE_SECONDS (its worker died) is retried, exhausted jobs go to the
 * dead-letter queue.
 */
export class JobQueue {
  private constructor(private readonly jobs: JobEngine) {}

  /** Creates (or updates) the job queue and the request queue with their dead letters. */
  static async open(jobs: JobEngine, config: Config): Promise<JobQueue> {
    await jobs.queue(notificationJobQueue, notificationQueueOptions(config, notificationJobDeadLetter));
    await jobs.queue(notificationRequestQueue, notificationQueueOptions(config, notificationRequestDeadLetter));
    await jobs.queue(snoozeQueue, notificationQueueOptions(config, snoozeDeadLetter));
    return new JobQueue(jobs);
  }

  /** Inside the caller's transaction (`client`): the queue entry commits with the job's rows, or neither does. */
  async enqueue(client: SqlClient, jobId: string, startAfter: Date | null): Promise<void> {
    const queued = await this.jobs.send(notificationJobQueue, { jobId, trace: traceCarrier() } satisfies QueuedJob, {
      id: jobId,
      ...(startAfter ? { startAfter } : {}),
      within: client,
    });
    if (!queued) throw new Error('notification job not queued');
  }

  /**
   * Inside the snooze's transaction: the return is durable exactly when the snooze commits. Its id is derived
   * from the item and the time, so snoozing an item to the same time twice (or twenty times at once) queues one.
   */
  async scheduleWake(client: SqlClient, wake: SnoozeWake): Promise<void> {
    const digest = createHash('sha256').update(`${wake.notificationId}|${wake.until}`).digest('hex');
    const id = `${digest.slice(0, 8)}-${digest.slice(8, 12)}-5${digest.slice(13, 16)}-a${digest.slice(17, 20)}-${digest.slice(20, 32)}`;
    await this.jobs.send(snoozeQueue, wake, { id, startAfter: new Date(wake.until), within: client });
  }

  workWakes(handler: (wake: SnoozeWake) => Promise<void>): Promise<void> {
    return this.jobs.work<SnoozeWake>(snoozeQueue, (wake) => handler(wake));
  }

  /** Wakes this process's workers at once instead of at their next poll. */
  nudge(): void {
    void this.jobs.nudge(notificationJobQueue);
  }

  work(handler: JobHandler, concurrency = 4): Promise<void> {
    return this.jobs.work<QueuedJob>(
      notificationJobQueue,
      (job, attempt) => continueTrace(`${notificationJobQueue} process`, job.trace, () => handler(job, attempt)),
      { concurrency },
    );
  }

  /** Requests are few and small (security events): one worker, polled as often as jobs are. */
  workRequests(handler: RequestHandler): Promise<void> {
    return this.jobs.work<NotificationRequestMessage>(notificationRequestQueue, (request, attempt) =>
      continueTrace(`${notificationRequestQueue} process`, request.trace, () => handler(request, attempt.id)),
    );
  }

  /** Stops this process's workers; their jobs under way finish first (the engine itself closes with the pool). */
  async stop(): Promise<void> {
    await Promise.all([
      this.jobs.stopWork(notificationJobQueue),
      this.jobs.stopWork(notificationRequestQueue),
      this.jobs.stopWork(snoozeQueue),
    ]);
  }
}
