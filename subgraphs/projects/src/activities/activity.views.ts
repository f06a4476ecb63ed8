import type { Activity } from './activity.entity.js';
import type { TaskActivityType } from './activity.types.js';

/** What an entry's shape shows, from an entity or read without one (the nested list). */
export type ActivityRow = Pick<
  Activity,
  'id' | 'taskId' | 'type' | 'actorUserId' | 'from' | 'to' | 'changedAt' | 'createdAt' | 'updatedAt'
>;

export function activityView(activity: ActivityRow): TaskActivityType {
  return {
    id: activity.id,
    taskId: activity.taskId,
    createdAt: activity.createdAt.toISOString(),
    updatedAt: activity.updatedAt.toISOString(),
    history: {
      id: activity.id,
      type: activity.type,
      actorId: String(activity.actorUserId),
      changedAt: activity.changedAt.toISOString(),
      from: activity.from,
      to: activity.to,
    },
  };
}
