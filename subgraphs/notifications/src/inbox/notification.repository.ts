import { IsolationLevel, type FilterQuery } from '@mikro-orm/core';
import type { EntityManager, RequiredEntityData } from '@mikro-orm/postgresql';
import type { RowKey } from '@platform/lib/cursor';
import type { RecordState } from '@platform/lib/entity-tag';
import { shownTimeOf } from '@platform/lib/shown-time';
import { runStatement, transactionClient, type PreparedStatement } from '@platform/lib/database';
import type { SqlClient } from '@platform/lib/jobs/job-engine';
import type { Delivery, StoredJob } from '../jobs/job.repository.js';
import { InboxFilter } from './inbox-state.types.js';
import { Notification } from './notification.entity.js';

const schema = '"notifications"';

/** A job's inbox row as the fan-out returns it, with the user's unread count including it. */
export interface InsertedRow {
  id: string;
  user_id: number;
  message: string;
  target_link: string | null;
  target_text: string | null;
  title: string | null;
  trigger_event: string | null;
  /** As the graph shows it (`shownTimeOf`): the announcement's only use of it. */
  created_at: string;
  unread: number;
  unseen: number;
}

/**
 * One statement per job, whatever its number of recipients, so the announcement waits for one round trip: it
 * inserts the rows and counts each user's unread items. It also returns the rows an earlier attempt of the job
 * inserted but did not announce (still unread, in the default list): a worker that died between its insert's
 * commit and its announcement leaves their deliveries unstamped, and the retry announces them (at least once;
 * clients tell an item by its id). The deliveries are stamped after the announcement (JobRepository.markDelivered).
 */
const insertForJobStatement: PreparedStatement = {
  name: 'notifications.inbox.insert-for-job',
  text: `with inserted as (
         insert into ${schema}."notification" (id, user_id, message, title, target_link, target_text, target_id,
           target_type, trigger_event, notifier_id, job_id, recipient_index, unread, created_at)
         select gen_random_uuid(), t.u, $2, $3, $4, $5, $6, $7, $8, $9, $1, t.i, true, now()
         from unnest($10::int[], $11::int[]) as t(i, u)
         on conflict (job_id, recipient_index) do nothing
         returning id, user_id, message, title, target_link, target_text, trigger_event, created_at
       ), unannounced as (
         select id, user_id, message, title, target_link, target_text, trigger_event, created_at
         from ${schema}."notification"
         where job_id = $1 and recipient_index = any($10::int[]) and unread
           and archived_at is null and snoozed_until is null
       ), fresh as (
         select user_id, count(*)::int as added from inserted group by user_id
       ), announced as (
         select * from inserted union all select * from unannounced
       ), earlier as (
         select user_id, count(*) filter (where unread)::int as unread,
           count(*) filter (where seen_at is null)::int as unseen
         from ${schema}."notification"
         where user_id in (select user_id from announced) and archived_at is null and snoozed_until is null
         group by user_id
       )
       select a.id, a.user_id, a.message, a.title, a.target_link, a.target_text, a.trigger_event,
         ${shownTimeOf('a.created_at')} as created_at, (coalesce(e.unread, 0) + coalesce(f.added, 0))::int as unread,
         (coalesce(e.unseen, 0) + coalesce(f.added, 0))::int as unseen
       from announced a left join earlier e on e.user_id = a.user_id left join fresh f on f.user_id = a.user_id`,
};

/**
 * Unread items in the default list of some users since a time, with each user's badge counts: an inbox catch-up
 * (InboxEvents).
 */
const unreadSinceStatement: PreparedStatement = {
  name: 'notifications.inbox.unread-since',
  text: `with counts as (
         select user_id, count(*) filter (where unread)::int as unread,
           count(*) filter (where seen_at is null)::int as unseen
         from ${schema}."notification"
         where user_id = any($1::int[]) and archived_at is null and snoozed_until is null
         group by user_id
       )
       select n.id, n.user_id, n.message, n.title, n.target_link, n.target_text, n.trigger_event,
         ${shownTimeOf('n.created_at')} as created_at, c.unread, c.unseen
       from ${schema}."notification" n join counts c on c.user_id = n.user_id
       where n.unread and n.created_at >= $2 and n.archived_at is null and n.snoozed_until is null
       order by n.created_at, n.id
       limit 1000`,
};

/** Both badge counts in one grouped statement (the entity manager has no filtered aggregate). */
const countsStatement: PreparedStatement = {
  name: 'notifications.inbox.counts',
  text: `select count(*) filter (where unread)::int as "unreadCount",
              count(*) filter (where seen_at is null)::int as "unseenCount"
       from ${schema}."notification" where user_id = $1 and archived_at is null and snoozed_until is null`,
};

/** Every category's counts of user $1 (the listing's statement and its version's share it). */
const categoryCounts = `select trigger_event as category,
         count(*) filter (where archived_at is null and snoozed_until is null)::int as total,
         count(*) filter (where archived_at is null and snoozed_until is null and unread)::int as unread,
         count(*) filter (where archived_at is null and snoozed_until is null and seen_at is null)::int as unseen,
         count(*) filter (where archived_at is not null)::int as archived
       from ${schema}."notification" where user_id = $1
       group by trigger_event`;

/** Every category's counts in one grouped statement, so that the tab bar costs one round trip. */
const categoriesStatement: PreparedStatement = {
  name: 'notifications.inbox.categories',
  text: `${categoryCounts} order by trigger_event nulls first`,
};

/** The state filters of `stateFilters` in SQL, for the listing's version statement. */
const stateConditions: Record<InboxFilter, string> = {
  [InboxFilter.ALL]: 'archived_at is null and snoozed_until is null',
  [InboxFilter.UNREAD]: 'archived_at is null and snoozed_until is null and unread',
  [InboxFilter.READ]: 'archived_at is null and snoozed_until is null and not unread',
  [InboxFilter.UNSEEN]: 'archived_at is null and snoozed_until is null and seen_at is null',
  [InboxFilter.ARCHIVED]: 'archived_at is not null',
};

const isoColumn = (column: string) => `to_json(w.${column}) #>> '{}'`;

/**
 * The version of the page `listing` answers for user $1 in one state and category ($2, or null for all), offset $3
 * and limit $4: the number of matching items, each item of the window's id and state (unread, read, seen, archived,
 * snoozed: an item's text never changes) newest first, and every category's counts as `categoriesStatement` counts
 * them. One statement where the listing takes three; its text is fixed per state, so each is one prepared statement.
 */
function listingVersionStatement(state: InboxFilter): PreparedStatement {
  return {
    name: `notifications.inbox.listing_version.${state.toLowerCase()}`,
    text: `with "matching" as (
      select id, unread, read_at, seen_at, archived_at, snoozed_until,
        row_number() over (order by created_at desc, id desc) as n
      from ${schema}."notification"
      where user_id = $1 and (${stateConditions[state]}) and ($2::text is null or trigger_event = $2))
    select (select count(*)::int from "matching") as "total",
      (select json_agg(json_build_array(w.id, w.unread, ${isoColumn('read_at')}, ${isoColumn('seen_at')},
        ${isoColumn('archived_at')}, ${isoColumn('snoozed_until')}) order by w.n)
        from "matching" w where w.n > $3 and w.n <= $3 + $4) as "items",
      (select json_agg(json_build_array(category, total, unread, unseen, archived) order by category nulls first)
        from (${categoryCounts}) c) as "categories"`,
  };
}

interface ListingVersionRow {
  total: number;
  items: [string, boolean, string | null, string | null, string | null, string | null][] | null;
  categories: [string | null, number, number, number, number][] | null;
}

/** Items in the default list: neither archived nor snoozed. */
const active = { archivedAt: null, snoozedUntil: null } as const;

const stateFilters: Record<InboxFilter, FilterQuery<Notification> & object> = {
  [InboxFilter.ALL]: active,
  [InboxFilter.UNREAD]: { ...active, unread: true },
  [InboxFilter.READ]: { ...active, unread: false },
  [InboxFilter.UNSEEN]: { ...active, seenAt: null },
  [InboxFilter.ARCHIVED]: { archivedAt: { $ne: null } },
};

export interface StateChange {
  notification: Notification | null;
  changed: boolean;
}

export interface InboxCountRow {
  unreadCount: number;
  unseenCount: number;
}

export interface CategoryCountRow {
  category: string | null;
  total: number;
  unread: number;
  unseen: number;
  archived: number;
}

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
          { userId, ...active },
          { orderBy: { createdAt: 'desc', id: 'desc' }, limit, offset },
        );
        return { items, totalItems, unreadCount: await em.count(Notification, { userId, unread: true, ...active }) };
      },
      { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
    );
  }

  /**
   * The user's inbox (the default list: neither archived nor snoozed) after a key, newest first, `limit` rows, and the
   * count of all of them, in one snapshot as `page`: a keyset page, stable while notifications arrive (they sort first).
   */
  pageAfter(userId: number, after: RowKey | null, limit: number): Promise<{ rows: Notification[]; total: number }> {
    const inbox = { userId, ...active };
    const where: FilterQuery<Notification> = after
      ? { ...inbox, $or: [{ createdAt: { $lt: after.at } }, { createdAt: after.at, id: { $lt: after.id } }] }
      : inbox;
    return this.em.transactional(
      async (em) => ({
        rows: await em.find(Notification, where, { orderBy: { createdAt: 'desc', id: 'desc' }, limit }),
        total: await em.count(Notification, inbox),
      }),
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
    // Reading makes an item seen too; only the call that read it pays the statement.
    if (marked === 1) await this.em.nativeUpdate(Notification, { id, userId, seenAt: null }, { seenAt: readAt });
    const notification = await this.em.findOne(Notification, { id, userId }, { refresh: true });
    return { notification, marked: marked === 1 };
  }

  async markAllRead(userId: number, readAt: Date): Promise<number> {
    const marked = await this.em.nativeUpdate(Notification, { userId, unread: true }, { unread: false, readAt });
    await this.em.nativeUpdate(Notification, { userId, seenAt: null, unread: false }, { seenAt: readAt });
    return marked;
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
    return this.em.count(Notification, { userId, unread: true, ...active });
  }

  async counts(userId: number): Promise<InboxCountRow> {
    const [row] = await runStatement<InboxCountRow>(this.em, countsStatement, [userId]);
    return row!;
  }

  /**
   * A page of the user's items in one state and category, with every category's counts, in one snapshot (the
   * tab bar's numbers agree with the list under it).
   */
  listing(
    userId: number,
    filter: { state: InboxFilter; category: string | null },
    limit: number,
    offset: number,
  ): Promise<{ items: Notification[]; totalItems: number; categories: CategoryCountRow[] }> {
    const where: FilterQuery<Notification> = {
      userId,
      ...stateFilters[filter.state],
      ...(filter.category === null ? {} : { triggerEvent: filter.category }),
    };
    return this.em.transactional(
      async (em) => {
        const [items, totalItems] = await em.findAndCount(Notification, where, {
          orderBy: { createdAt: 'desc', id: 'desc' },
          limit,
          offset,
        });
        const categories = await runStatement<CategoryCountRow>(em, categoriesStatement, [userId], {
          joinTransaction: true,
        });
        return { items, totalItems, categories };
      },
      { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
    );
  }

  /**
   * What `listing` would answer but the items' texts, in one statement (`listingVersionStatement`): the number of
   * matching items, each shown item's id and state (its times as ISO 8601 text, or null) and every category's counts.
   */
  async listingVersion(
    userId: number,
    filter: { state: InboxFilter; category: string | null },
    limit: number,
    offset: number,
  ): Promise<{ total: number; items: RecordState[]; categories: CategoryCountRow[] }> {
    const [row] = await runStatement<ListingVersionRow>(this.em, listingVersionStatement(filter.state), [
      userId,
      filter.category,
      offset,
      limit,
    ]);
    const iso = (time: string | null) => (time === null ? null : new Date(time).toISOString());
    return {
      total: row!.total,
      items: (row!.items ?? []).map(([id, unread, ...times]) => ({ id, state: [unread, ...times.map(iso)] })),
      categories: (row!.categories ?? []).map(([category, total, unread, unseen, archived]) => ({
        category,
        total,
        unread,
        unseen,
        archived,
      })),
    };
  }

  /** Marks every unseen item seen at `seenAt`; items seen earlier keep their time. */
  markAllSeen(userId: number, seenAt: Date): Promise<number> {
    return this.em.nativeUpdate(Notification, { userId, seenAt: null }, { seenAt });
  }

  /**
   * One conditional update each, so that of concurrent calls exactly one writes and the first time stands;
   * `changed` says whether this call made the change. Null: the user has no notification of that id.
   */
  async archive(userId: number, id: string, archivedAt: Date): Promise<StateChange> {
    const changed = await this.em.nativeUpdate(Notification, { id, userId, archivedAt: null }, { archivedAt });
    return this.changeOf(userId, id, changed);
  }

  async unarchive(userId: number, id: string): Promise<StateChange> {
    const changed = await this.em.nativeUpdate(
      Notification,
      { id, userId, archivedAt: { $ne: null } },
      { archivedAt: null },
    );
    return this.changeOf(userId, id, changed);
  }

  /** Archives every read item not yet archived; returns how many it archived. */
  archiveAllRead(userId: number, archivedAt: Date): Promise<number> {
    return this.em.nativeUpdate(Notification, { userId, unread: false, archivedAt: null }, { archivedAt });
  }

  /**
   * Snoozes one of the user's items until `until` unless it already is until then; `within` runs in the same
   * transaction (the return's job, which commits with the snooze or not at all).
   */
  snooze(userId: number, id: string, until: Date, within: (client: SqlClient) => Promise<void>): Promise<StateChange> {
    return this.em.transactional(async (em) => {
      const changed = await em.nativeUpdate(
        Notification,
        { id, userId, $or: [{ snoozedUntil: null }, { snoozedUntil: { $ne: until } }] },
        { snoozedUntil: until },
      );
      if (changed === 1) await within(await transactionClient(em));
      const notification = await em.findOne(Notification, { id, userId }, { refresh: true });
      return { notification, changed: changed === 1 };
    });
  }

  /** Brings a snoozed item back, unread and unseen, if it is still snoozed until exactly `until`. */
  async wake(userId: number, id: string, until: Date): Promise<StateChange> {
    const changed = await this.em.nativeUpdate(
      Notification,
      { id, userId, snoozedUntil: until },
      { snoozedUntil: null, unread: true, readAt: null, seenAt: null },
    );
    return this.changeOf(userId, id, changed);
  }

  private async changeOf(userId: number, id: string, changed: number): Promise<StateChange> {
    const notification = await this.em.findOne(Notification, { id, userId }, { refresh: true });
    return { notification, changed: changed === 1 };
  }

  async unreadSince(userIds: number[], since: Date): Promise<InsertedRow[]> {
    return runStatement<InsertedRow>(this.em, unreadSinceStatement, [userIds, since.toISOString()]);
  }

  /**
   * A job's inbox rows for its recipients; (job_id, recipient_index) is unique, so a retried or re-delivered
   * job inserts nothing twice. Returns the rows to announce: those inserted now and those an earlier attempt
   * inserted for these (not yet stamped) deliveries.
   */
  async insertForJob(
    job: StoredJob,
    deliveries: Pick<Delivery, 'recipientIndex' | 'userId'>[],
  ): Promise<InsertedRow[]> {
    const { request } = job;
    return runStatement<InsertedRow>(this.em, insertForJobStatement, [
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
    ]);
  }
}
