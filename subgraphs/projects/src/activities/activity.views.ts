import type { Activity } from './activity.entity.js';
import type { TaskActivityType } from './activity.types.js';

export function activityView(activity: Activity): TaskActivityType {
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
