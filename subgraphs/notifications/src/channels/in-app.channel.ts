import { newItemEvent, type InboxEvents } from '../inbox/inbox-events.js';
import type { InAppDelivery } from '../jobs/job.processor.js';
import type { Delivery, JobRepository, StoredJob } from '../jobs/job.repository.js';
import type { InsertedRow, NotificationRepository } from '../inbox/notification.repository.js';

export interface InAppChannelDependencies {
  notifications: NotificationRepository;
  jobs: JobRepository;
  events: InboxEvents;
}

/**
 * Inbox rows for a job's recipients in one statement (NotificationRepository.insertForJob), announced in real
 * time, each with its user's unread count from the same statement, and only then stamped delivered: a retried
 * or re-delivered job inserts nothing twice, and a worker that died before announcing leaves the stamps empty,
 * so the retry announces what it wrote.
 */
export class InAppChannel implements InAppDelivery {
  constructor(private readonly deps: InAppChannelDependencies) {}

  async deliver(job: StoredJob, deliveries: Delivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    await this.announce(await this.deps.notifications.insertForJob(job, deliveries));
    await this.deps.jobs.markDelivered(
      job.id,
      'in_app_at',
      deliveries.map((delivery) => delivery.recipientIndex),
    );
  }

  private async announce(rows: InsertedRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.deps.events.publishAll(rows.map(newItemEvent));
  }
}
