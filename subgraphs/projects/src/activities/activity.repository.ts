import type { EntityManager } from '@mikro-orm/postgresql';
import { Activity, type ActivityType, type ChangedFields } from './activity.entity.js';

export interface NewActivity {
  taskId: string;
  type: ActivityType;
  actorUserId: number;
  from: ChangedFields;
  to: ChangedFields;
  changedAt: Date;
}

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

  /** Oldest first (decisions: Shapes and codes, activity history). */
  ofTask(taskId: string): Promise<Activity[]> {
    return this.ofTasks([taskId]);
  }

  /** The entries of several tasks in one statement, each task's oldest first. */
  ofTasks(taskIds: readonly string[]): Promise<Activity[]> {
    return this.em.find(
      Activity,
      { taskId: { $in: [...taskIds] } },
      { orderBy: { changedAt: 'asc', createdAt: 'asc', id: 'asc' } },
    );
  }
}
