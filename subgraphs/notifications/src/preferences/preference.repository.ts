import type { EntityManager } from '@mikro-orm/postgresql';
import { runStatement, type PreparedStatement } from '@platform/lib/database';
import { NotificationPreference } from './preference.entity.js';
import { everyEvent, type PreferenceRow } from './preference.rules.js';

const rowOf = ({ userId, channel, triggerEvent, enabled }: NotificationPreference): PreferenceRow => ({
  userId,
  channel,
  triggerEvent,
  enabled,
});

/**
 * The version of a user's preferences (issue 28, conditional requests): each preference's key and value in the
 * list's order, as one row, without the update times the answer does not show.
 */
const versionStatement: PreparedStatement = {
  name: 'notifications.preference.version',
  text: `select json_agg(json_build_array("channel", "trigger_event", "enabled") order by "channel", "trigger_event")
      as "items"
    from "notifications"."notification_preference" where "user_id" = $1`,
};

/**
 * The preferences deciding one trigger event for a job's recipients, as one prepared statement whatever their
 * number: the ids travel as one array parameter (a job to 5,000 users built a 5,000-placeholder query through
 * MikroORM's query builder and hydrated entities: decisions, Live inboxes and filter options).
 */
const decidingStatement: PreparedStatement = {
  name: 'notifications.preference.deciding',
  text: `select "user_id" as "userId", "channel", "trigger_event" as "triggerEvent", "enabled"
    from "notifications"."notification_preference" where "user_id" = any($1::int[]) and "trigger_event" = any($2::text[])`,
};

/** The notification_preference table. */
export class PreferenceRepository {
  constructor(private readonly em: EntityManager) {}

  async list(userId: number): Promise<PreferenceRow[]> {
    const rows = await this.em.find(
      NotificationPreference,
      { userId },
      { orderBy: { channel: 'asc', triggerEvent: 'asc' } },
    );
    return rows.map(rowOf);
  }

  /** What `list` answers, as [channel, triggerEvent, enabled] in the same order, in one statement. */
  async version(userId: number): Promise<[string, string, boolean][]> {
    const [row] = await runStatement<{ items: [string, string, boolean][] | null }>(this.em, versionStatement, [
      userId,
    ]);
    return row?.items ?? [];
  }

  /** One upsert: setting the same preference twice, or at once, leaves one row with the last value. */
  async set(row: PreferenceRow, updatedAt: Date): Promise<PreferenceRow> {
    const stored = await this.em.upsert(NotificationPreference, { ...row, updatedAt });
    return rowOf(stored);
  }

  /** The preferences that decide `triggerEvent` for these users (its own and the channels' `*`), in one query. */
  async deciding(userIds: number[], triggerEvent: string | null): Promise<PreferenceRow[]> {
    if (userIds.length === 0) return [];
    const events = triggerEvent ? [triggerEvent, everyEvent] : [everyEvent];
    return runStatement<PreferenceRow>(this.em, decidingStatement, [[...new Set(userIds)], events]);
  }
}
