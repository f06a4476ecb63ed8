import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import type { RowKey } from '@platform/lib/cursor';
import type { RecordState } from '@platform/lib/entity-tag';
import { runStatement, type PreparedStatement } from '@platform/lib/database';
import { shownTimeOf } from '@platform/lib/shown-time';
import type { ChangedFields } from '../tasks/task-changes.js';
import { Activity, type ActivityType } from './activity.entity.js';
import type { ActivityRow } from './activity.views.js';

export interface NewActivity {
  taskId: string;
  type: ActivityType;
  actorUserId: number;
  from: ChangedFields;
  to: ChangedFields;
  changedAt: Date;
}

/** The entries of the tasks $1, each task's oldest first (as the activity history orders them). */
export const activitiesOfTasksStatement: PreparedStatement = {
  name: 'projects.activities.of_tasks',
  text: `
  select "id", "task_id" as "taskId", "type", "actor_user_id" as "actorUserId", "from", "to",
    ${shownTimeOf('"changed_at"')} as "changedAt", ${shownTimeOf('"created_at"')} as "createdAt",
    ${shownTimeOf('"updated_at"')} as "updatedAt"
  from "projects"."task_activity" where "task_id" = any($1::uuid[])
  order by "task_id", "changed_at", "created_at", "id"`,
};

interface ActivityVersionRow {
  found: boolean;
  items: [string, string, boolean, boolean, number, number, string][] | null;
}

/**
 * The version of the live task $1's (by its code) activity history as user $2 sees it: whether the task exists and,
 * for each entry in the history's order, its id, its update time and, for an entry that adds a comment of the task,
 * that comment's state as the comments list shows it to user $2 (deleted, likes, dislikes, own reaction): an entry
 * is never changed, but the comment it shows is deleted and reacted to. Keys, times and counts only (of an entry's
 * `to`, the added comment's id).
 */
const versionOfTaskStatement: PreparedStatement = {
  name: 'projects.activities.version_of_task',
  text: `
  with "task" as (
    select "id" from "projects"."task" where "unique_code" = $1 and "deleted_at" is null)
  select exists (select 1 from "task") as "found",
    json_agg(json_build_array(a."id", to_json(a."updated_at") #>> '{}', c."id" is not null,
      c."deleted_at" is not null, r."likes", r."dislikes", coalesce(r."own", ''))
      order by a."changed_at", a."created_at", a."id") as "items"
  from "task" t
  join "projects"."task_activity" a on a."task_id" = t."id"
  left join "projects"."task_comment" c
    on a."type" = 'comment_added' and c."task_id" = t."id" and c."id"::text = a."to" ->> 'commentId'
  left join lateral (
    select count(*) filter (where "type" = 'like')::int as "likes",
      count(*) filter (where "type" = 'dislike')::int as "dislikes",
      max("type") filter (where "user_id" = $2) as "own"
    from "projects"."task_comment_reaction" where "comment_id" = c."id") r on true`,
};

/** The task_activity table: entries are only ever added, in the transaction of the change they record. */
export class ActivityRepository {
  constructor(private readonly em: EntityManager) {}

  /** Adds the entry to the open transaction; the change's own flush writes it. */
  stage(entry: NewActivity): Activity {
    return this.em.create(Activity, { ...entry, createdAt: entry.changedAt, updatedAt: entry.changedAt });
  }

  /** Stages the entry of a user's change of a task, made at `changedAt`; the change's own flush writes it. */
  stageChange(
    taskId: string,
    type: ActivityType,
    actorUserId: number,
    diff: Pick<NewActivity, 'from' | 'to'>,
    changedAt: Date,
  ) {
    return this.stage({ taskId, type, actorUserId, ...diff, changedAt });
  }

  /**
   * A task's entries after a key, newest first (`created_at desc, id desc`), `limit` rows, and the count of all of
   * them: a keyset page, stable while entries are added (they sort first).
   */
  async pageAfter(taskId: string, after: RowKey | null, limit: number): Promise<{ rows: Activity[]; total: number }> {
    const where: FilterQuery<Activity> = after
      ? { taskId, $or: [{ createdAt: { $lt: after.at } }, { createdAt: after.at, id: { $lt: after.id } }] }
      : { taskId };
    const rows = await this.em.find(Activity, where, { orderBy: { createdAt: 'desc', id: 'desc' }, limit });
    return { rows, total: await this.em.count(Activity, { taskId }) };
  }

  /** Oldest first (decisions: Shapes and codes, activity history). */
  ofTask(taskId: string): Promise<Activity[]> {
    return this.em.find(Activity, { taskId }, { orderBy: { changedAt: 'asc', createdAt: 'asc', id: 'asc' } });
  }

  /**
   * The version of a live task's history as `viewerId` sees it (`versionOfTaskStatement`): each entry's id and
   * state (its update time, then its added comment's deletion, likes, dislikes and the viewer's reaction, or null);
   * null when the task is unknown or deleted. Hand-written: one statement where the history takes three.
   */
  async versionOfTask(taskCode: string, viewerId: number): Promise<RecordState[] | null> {
    const [row] = await runStatement<ActivityVersionRow>(this.em, versionOfTaskStatement, [taskCode, viewerId]);
    if (!row?.found) return null;
    return (row.items ?? []).map(([id, updatedAt, shown, ...comment]) => ({
      id,
      state: [new Date(updatedAt).toISOString(), ...(shown ? comment : [null])],
    }));
  }

  /**
   * The entries of a page of tasks in one statement, as rows, not entities: they are only read, and registering
   * some 550 entities per nested page was a measured share of its CPU. Their times come as the graph shows them.
   */
  ofTasks(taskIds: readonly string[]): Promise<ActivityRow[]> {
    return runStatement<ActivityRow>(this.em, activitiesOfTasksStatement, [taskIds]);
  }
}
