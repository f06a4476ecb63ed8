import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import type { RowKey } from '@platform/lib/cursor';
import { runStatement, type PreparedStatement } from '@platform/lib/database';
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

type TimeFields = 'changedAt' | 'createdAt' | 'updatedAt';

/** Times arrive as ISO 8601 text: the driver is set up to hand MikroORM timestamps as text. */
type ActivityTextRow = Omit<ActivityRow, TimeFields> & Record<TimeFields, string>;

/** The entries of the tasks $1, each task's oldest first (as the activity history orders them). */
const ofTasksStatement: PreparedStatement = {
  name: 'projects.activities.of_tasks',
  text: `
  select "id", "task_id" as "taskId", "type", "actor_user_id" as "actorUserId", "from", "to",
    to_json("changed_at") #>> '{}' as "changedAt", to_json("created_at") #>> '{}' as "createdAt",
    to_json("updated_at") #>> '{}' as "updatedAt"
  from "projects"."task_activity" where "task_id" = any($1::uuid[])
  order by "task_id", "changed_at", "created_at", "id"`,
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
   * The entries of a page of tasks in one statement, as rows, not entities: they are only read, and registering
   * some 550 entities per nested page was a measured share of its CPU.
   */
  async ofTasks(taskIds: readonly string[]): Promise<ActivityRow[]> {
    const rows = await runStatement<ActivityTextRow>(this.em, ofTasksStatement, [[...taskIds]]);
    return rows.map((row) => ({
      ...row,
      changedAt: new Date(row.changedAt),
      createdAt: new Date(row.createdAt),
      updatedAt: new Date(row.updatedAt),
    }));
  }
}
