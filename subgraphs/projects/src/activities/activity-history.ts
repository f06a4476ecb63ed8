import { connectionOf, firstOf, rowKeyAfter, type Connection, type ConnectionPage } from '@platform/lib/cursor';
import { versionTagOf } from '@platform/lib/entity-tag';
import { TaskNotFoundError } from '../tasks/task.errors.js';
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

  /**
   * The entity tag of `ofTask` as `viewerId` sees it (issue 28, conditional requests): one statement, the same
   * refusal of an unknown or deleted task.
   */
  async tagOfTask(uniqueCode: string, viewerId: number): Promise<string> {
    const items = await this.deps.entries.versionOfTask(uniqueCode, viewerId);
    if (!items) throw new TaskNotFoundError();
    return versionTagOf({ kind: 'activity-list', items });
  }

  /** The entries of a live task, oldest first; an unknown or deleted task 404s. */
  async ofTask(uniqueCode: string): Promise<Activity[]> {
    return this.deps.entries.ofTask((await this.deps.tasks.get(uniqueCode)).id);
  }
}
