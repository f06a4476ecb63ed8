import { randomUUID } from 'node:crypto';
import { NotificationJobNotFoundError } from './job.errors.js';
import { notificationJobSchema, type NotificationJobBody } from '@platform/lib/notifications/job-schema';
import { uuid, validate } from '@platform/lib/validation';
import type { Completion, IdempotencyService } from '../idempotency/idempotency.service.js';
import type { JobQueue } from './job-queue.js';
import type { JobRepository } from './job.repository.js';
import type { NotificationJobReceipt, NotificationJobStatus } from './job.types.js';

export interface JobServiceDependencies {
  repository: JobRepository;
  queue: JobQueue;
  idempotency: IdempotencyService;
  now: () => number;
}

/** Accepts jobs durably: the job, its recipients and the queue entry commit together, or nothing does. */
export class JobService {
  constructor(private readonly deps: JobServiceDependencies) {}

  /** A producer's job; with an Idempotency-Key, a retry answers the first receipt and queues nothing. */
  submit(input: unknown, requestedBy: string, idempotencyKey?: string | null): Promise<NotificationJobReceipt> {
    const body = validate(notificationJobSchema, input);
    return this.deps.idempotency.once<NotificationJobReceipt>(
      { key: idempotencyKey, caller: requestedBy, operation: 'processNotificationJob', body },
      (complete) => this.acceptValid(randomUUID(), body, requestedBy, complete),
    );
  }

  /**
   * A job under a given id: a queued request (lib's request-queue.ts) is accepted under its own id, so a
   * request delivered twice (its worker died before completing it) makes one job.
   */
  accept(jobId: string, input: unknown, requestedBy: string): Promise<NotificationJobReceipt> {
    return this.acceptValid(jobId, validate(notificationJobSchema, input), requestedBy);
  }

  private async acceptValid(
    jobId: string,
    body: NotificationJobBody,
    requestedBy: string,
    complete?: Completion<NotificationJobReceipt>,
  ): Promise<NotificationJobReceipt> {
    const startAfter = body.scheduleAt ? new Date(body.scheduleAt) : null;
    const scheduled = startAfter !== null && startAfter.getTime() > this.deps.now();
    const receipt: NotificationJobReceipt = {
      jobId,
      message: scheduled ? 'Notification job scheduled' : 'Notification job accepted',
      processedRecipients: body.recipients.length,
    };
    await this.deps.repository.transaction(async (client) => {
      if (await this.deps.repository.insert(client, jobId, body, requestedBy)) {
        await this.deps.queue.enqueue(client, jobId, scheduled ? startAfter : null);
      }
      await complete?.(client, receipt);
    });
    this.deps.queue.nudge();
    return receipt;
  }

  async status(id: string): Promise<NotificationJobStatus> {
    const status = uuid.safeParse(id).success ? await this.deps.repository.status(id) : null;
    if (!status) throw new NotificationJobNotFoundError();
    return status;
  }
}
