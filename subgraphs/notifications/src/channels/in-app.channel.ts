import type { InboxEvents } from '../inbox/inbox-events.js';
import { InboxChange, type InboxItem } from '../inbox/inbox-state.types.js';
import type { NotificationType } from '../inbox/inbox.types.js';
import type { InAppDelivery } from '../jobs/job.processor.js';
import type { Delivery, StoredJob } from '../jobs/job.repository.js';
import type { InsertedRow, NotificationRepository } from '../inbox/notification.repository.js';

export interface InAppChannelDependencies {
  notifications: NotificationRepository;
  events: InboxEvents;
}

/**
 * Inbox rows for a job's recipients in one statement (NotificationRepository.insertForJob). A retried or
 * re-delivered job inserts nothing twice; only rows inserted now are announced in real time, each with its
 * user's unread count from the same statement.
 */
export class InAppChannel implements InAppDelivery {
  constructor(private readonly deps: InAppChannelDependencies) {}

  async deliver(job: StoredJob, deliveries: Delivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    await this.announce(await this.deps.notifications.insertForJob(job, deliveries));
  }

  private async announce(rows: InsertedRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.deps.events.publishAll(
      rows.map((row) => {
        const notification: NotificationType = {
          id: row.id,
          message: row.message,
          targetLink: row.target_link,
          targetText: row.target_text,
          unread: true,
          readAt: null,
          createdAt: row.created_at.toISOString(),
        };
        const item: InboxItem = {
          ...notification,
          title: row.title,
          category: row.trigger_event,
          seenAt: null,
          archivedAt: null,
          snoozedUntil: null,
        };
        return {
          userId: row.user_id,
          event: { unreadCount: row.unread, notification },
          update: { change: InboxChange.CREATED, item, unreadCount: row.unread, unseenCount: row.unseen },
        };
      }),
    );
  }
}
