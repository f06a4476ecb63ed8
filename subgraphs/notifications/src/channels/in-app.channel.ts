import type { InboxEvents } from '../inbox/inbox-events.js';
import type { NotificationType } from '../inbox/inbox.types.js';
import type { Delivery, JobRepository, StoredJob } from '../jobs/job.repository.js';

const schema = '"notifications"';

interface InsertedRow {
  id: string;
  user_id: number;
  message: string;
  target_link: string | null;
  target_text: string | null;
  created_at: Date;
}

/**
 * Inbox rows for a job's recipients in one statement. (job_id, recipient_index) is unique, so a retried or
 * re-delivered job inserts nothing twice; only rows inserted now are announced in real time.
 */
export class InAppChannel {
  constructor(
    private readonly repository: JobRepository,
    private readonly events: InboxEvents,
  ) {}

  async deliver(job: StoredJob, deliveries: Delivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    const { request } = job;
    const indexes = deliveries.map((delivery) => delivery.recipientIndex);
    const inserted = await this.repository.transaction(async (client) => {
      const { rows } = await client.query(
        `insert into ${schema}."notification" (id, user_id, message, title, target_link, target_text, target_id,
           target_type, trigger_event, notifier_id, job_id, recipient_index, unread, created_at)
         select gen_random_uuid(), t.u, $2, $3, $4, $5, $6, $7, $8, $9, $1, t.i, true, now()
         from unnest($10::int[], $11::int[]) as t(i, u)
         on conflict (job_id, recipient_index) do nothing
         returning id, user_id, message, target_link, target_text, created_at`,
        [
          job.id,
          request.message,
          request.title ?? null,
          request.targetLink ?? null,
          request.targetText ?? null,
          request.targetId ?? null,
          request.targetType ?? null,
          request.triggerEvent ?? null,
          request.notifierId ?? null,
          indexes,
          deliveries.map((delivery) => delivery.userId),
        ],
      );
      await client.query(
        `update ${schema}."notification_delivery" set in_app_at = now() where job_id = $1 and recipient_index = any($2::int[])`,
        [job.id, indexes],
      );
      return rows as InsertedRow[];
    });
    await this.announce(inserted);
  }

  private async announce(rows: InsertedRow[]): Promise<void> {
    if (rows.length === 0) return;
    const userIds = [...new Set(rows.map((row) => row.user_id))];
    const { rows: counts } = await this.repository.pool.query(
      `select user_id, count(*)::int as unread from ${schema}."notification"
       where unread and user_id = any($1::int[]) group by user_id`,
      [userIds],
    );
    const unreadOf = new Map((counts as { user_id: number; unread: number }[]).map((row) => [row.user_id, row.unread]));
    await this.events.publishAll(
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
        return { userId: row.user_id, event: { unreadCount: unreadOf.get(row.user_id) ?? 1, notification } };
      }),
    );
  }
}
