import { connectionOf, firstOf, rowKeyAfter, type Connection, type ConnectionPage } from '@platform/lib/cursor';
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

  /** A live task's entries as a connection, newest first (issue 28, item 4). */
  async connectionOfTask(uniqueCode: string, page: ConnectionPage): Promise<Connection<Activity>> {
    const first = firstOf(page.first);
    const after = rowKeyAfter(page.after);
    const task = await this.deps.tasks.get(uniqueCode);
    const { rows, total } = await this.deps.entries.pageAfter(task.id, after, first + 1);
    return connectionOf(rows, first, total, (entry) => ({ at: entry.createdAt, id: entry.id }));
  }

  /** The entries of a live task, oldest first; an unknown or deleted task 404s. */
  async ofTask(uniqueCode: string): Promise<Activity[]> {
    return this.deps.entries.ofTask((await this.deps.tasks.get(uniqueCode)).id);
  }
}
