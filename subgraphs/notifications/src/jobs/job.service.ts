import { randomUUID } from 'node:crypto';
import { NotificationJobNotFoundError } from './job.errors.js';
import { notificationJobSchema } from '@platform/lib/notifications/job-schema';
import { uuid, validate } from '@platform/lib/validation';
import type { JobQueue } from './job-queue.js';
import type { JobRepository } from './job.repository.js';
import type { NotificationJobReceipt, NotificationJobStatus } from './job.types.js';

/** Accepts jobs durably: the job, its recipients and the queue entry commit together, or nothing does. */
export class JobService {
  constructor(
    private readonly repository: JobRepository,
    private readonly queue: JobQueue,
  ) {}

  async submit(input: unknown, requestedBy: string): Promise<NotificationJobReceipt> {
    const body = validate(notificationJobSchema, input);
    const jobId = randomUUID();
    const startAfter = body.scheduleAt ? new Date(body.scheduleAt) : null;
    await this.repository.transaction(async (client) => {
      await this.repository.insert(client, jobId, body, requestedBy);
      await this.queue.enqueue(client, jobId, startAfter && startAfter.getTime() > Date.now() ? startAfter : null);
    });
    this.queue.nudge();
    return {
      jobId,
      message:
        startAfter && startAfter.getTime() > Date.now() ? 'Notification job scheduled' : 'Notification job accepted',
      processedRecipients: body.recipients.length,
    };
  }

  async status(id: string): Promise<NotificationJobStatus> {
    const status = uuid.safeParse(id).success ? await this.repository.status(id) : null;
    if (!status) throw new NotificationJobNotFoundError();
    return status;
  }
}
