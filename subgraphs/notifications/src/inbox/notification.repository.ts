import { IsolationLevel } from '@mikro-orm/core';
import type { EntityManager, RequiredEntityData } from '@mikro-orm/postgresql';
import { runStatement, transactionClient, type PreparedStatement } from '@platform/lib/database';
import type { SqlClient } from '@platform/lib/jobs/job-engine';
import type { Delivery, StoredJob } from '../jobs/job.repository.js';
import { Notification } from './notification.entity.js';

const schema = '"notifications"';

/** A job's inbox row as the fan-out returns it, with the user's unread count including it. */
export interface InsertedRow {
  id: string;
  user_id: number;
  message: string;
  target_link: string | null;
  target_text: string | null;
  created_at: Date;
  unread: number;
}

/**
 * One statement per job, whatever its number of recipients, so the announcement waits for one round trip: it
 * inserts the rows, stamps the deliveries' in_app_at (the job repository's table, in the same statement on
 * purpose: the rows and their stamps commit together) and counts each user's unread items.
 */
const insertForJobStatement: PreparedStatement = {
  name: 'notifications.inbox.insert-for-job',
  text: `with inserted as (
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
};

/** The notification table: users' inboxes through the entity manager, a job's fan-out in one statement. */
export class NotificationRepository {
  constructor(private readonly em: EntityManager) {}

  page(
    userId: number,
    limit: number,
    offset: number,
  ): Promise<{ items: Notification[]; totalItems: number; unreadCount: number }> {
    // One snapshot for the items and both counts: a delivery landing between separate reads could otherwise
    // give a page whose totalItems counts an item that its items do not hold.
    return this.em.transactional(
      async (em) => {
        const [items, totalItems] = await em.findAndCount(
          Notification,
          { userId },
          { orderBy: { createdAt: 'desc', id: 'desc' }, limit, offset },
        );
        return { items, totalItems, unreadCount: await em.count(Notification, { userId, unread: true }) };
      },
      { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
    );
  }

  /**
   * Marks one of the user's notifications read at `readAt` unless it already is, in one conditional update, so
   * that of concurrent reads exactly one writes and the first read's time stands; then reads the row back.
   * `marked` says whether this call made the change; the notification is null when the user has none by that id.
   */
  async markRead(
    userId: number,
    id: string,
    readAt: Date,
  ): Promise<{ notification: Notification | null; marked: boolean }> {
    const marked = await this.em.nativeUpdate(Notification, { id, userId, readAt: null }, { unread: false, readAt });
    const notification = await this.em.findOne(Notification, { id, userId }, { refresh: true });
    return { notification, marked: marked === 1 };
  }

  markAllRead(userId: number, readAt: Date): Promise<number> {
    return this.em.nativeUpdate(Notification, { userId, unread: true }, { unread: false, readAt });
  }

  /**
   * Inserts the notifications in one transaction; `within` runs in it on its connection (an Idempotency-Key's
   * answer, which commits with the rows or not at all).
   */
  add(
    notifications: RequiredEntityData<Notification>[],
    within?: (client: SqlClient) => Promise<void>,
  ): Promise<Notification[]> {
    return this.em.transactional(async (em) => {
      const created = notifications.map((notification) => em.create(Notification, notification));
      await em.flush();
      if (within) await within(await transactionClient(em));
      return created;
    });
  }

  unreadCount(userId: number): Promise<number> {
    return this.em.count(Notification, { userId, unread: true });
  }

  /**
   * A job's inbox rows for its recipients; (job_id, recipient_index) is unique, so a retried or re-delivered
   * job inserts nothing twice and only rows inserted now are returned.
   */
  async insertForJob(
    job: StoredJob,
    deliveries: Pick<Delivery, 'recipientIndex' | 'userId'>[],
  ): Promise<InsertedRow[]> {
    const { request } = job;
    const rows = await runStatement<Omit<InsertedRow, 'created_at'> & { created_at: string }>(
      this.em,
      insertForJobStatement,
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
    // This pool hands timestamps over as PostgreSQL's text; parsed as the pg driver's default parser would.
    return rows.map((row) => ({ ...row, created_at: this.em.getPlatform().parseDate(row.created_at) }));
  }
}
