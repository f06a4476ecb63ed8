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
  unread: number;
}

/**
 * Inbox rows for a job's recipients in one statement. (job_id, recipient_index) is unique, so a retried or
 * re-delivered job inserts nothing twice; only rows inserted now are announced in real time. The same
 * statement marks the deliveries and counts each user's unread items (those before it, plus its own), so
 * the announcement waits for one round trip.
 */
export class InAppChannel {
  constructor(
    private readonly repository: JobRepository,
    private readonly events: InboxEvents,
  ) {}

  async deliver(job: StoredJob, deliveries: Delivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    const { request } = job;
    const { rows } = await this.repository.pool.query(
      `with inserted as (
         insert into ${schema}."notification" (id, user_id, message, title, target_link, target_text, target_id,
           target_type, trigger_event, notifier_id, job_id, recipient_index, unread, created_at)
         select gen_random_uuid(), t.u, $2, $3, $4, $5, $6, $7, $8, $9, $1, t.i, true, now()
         from unnest($10::int[], $11::int[]) as t(i, u)
         on conflict (job_id, recipient_index) do nothing
         returning id, user_id, message, target_link, target_text, created_at
       ), marked as (
         update ${schema}."notification_delivery" set in_app_at = now()
         where job_id = $1 and recipient_index = any($10::int[])
       ), earlier as (
         select user_id, count(*)::int as unread from ${schema}."notification"
         where unread and user_id in (select user_id from inserted) group by user_id
       )
       select i.*, (coalesce(e.unread, 0) + count(*) over (partition by i.user_id))::int as unread
       from inserted i left join earlier e on e.user_id = i.user_id`,
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
        deliveries.map((delivery) => delivery.recipientIndex),
        deliveries.map((delivery) => delivery.userId),
      ],
    );
    await this.announce(rows as InsertedRow[]);
  }

  private async announce(rows: InsertedRow[]): Promise<void> {
    if (rows.length === 0) return;
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
        return { userId: row.user_id, event: { unreadCount: row.unread, notification } };
      }),
    );
  }
}
