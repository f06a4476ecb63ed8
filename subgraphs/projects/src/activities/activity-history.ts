import type { TaskService } from '../tasks/task.service.js';
import type { Activity } from './activity.entity.js';
import type { ActivityRepository } from './activity.repository.js';

export interface ActivityHistoryDependencies {
  tasks: TaskService;
  entries: ActivityRepository;
}

/** A task's activity history (projects spec, Activity). */
export class ActivityHistory {
  constructor(private readonly deps: ActivityHistoryDependencies) {}

  /** The entries of a live task, oldest first; an unknown or deleted task 404s. */
  async ofTask(uniqueCode: string): Promise<Activity[]> {
    return this.deps.entries.ofTask((await this.deps.tasks.get(uniqueCode)).id);
  }
}
