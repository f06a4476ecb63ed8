import DataLoader from 'dataloader';
import type { CommentLoaders } from '../comments/comment-loaders.js';
import { groupBy } from '../projects/project-loaders.js';
import type { ActivityRepository } from './activity.repository.js';
import type { TaskActivityType } from './activity.types.js';
import { activityViews, addedCommentIdOf, type ActivityRow } from './activity.views.js';

export interface ActivityLoadersDependencies {
  activities: ActivityRepository;
  /** The request's comment batches: an entry's added comment is read with the task's comments. */
  comments: CommentLoaders;
}

/** Per-request batches of tasks' activity entries: a page of any size costs one statement. */
export class ActivityLoaders {
  /** Oldest first, like the activity history. */
  readonly ofTask = new DataLoader<string, ActivityRow[]>(async (taskIds) =>
    groupBy(await this.deps.activities.ofTasks(taskIds), (row) => row.taskId, taskIds),
  );

  constructor(private readonly deps: ActivityLoadersDependencies) {}

  /**
   * Entries of one task as `viewerId` sees them: each added comment as the comments list shows it to them, read
   * through the same loader as the task's comments, so a page's entries cost no statement per entry.
   */
  async seenBy(viewerId: number, rows: readonly ActivityRow[]): Promise<TaskActivityType[]> {
    const taskId = rows.find((row) => addedCommentIdOf(row) !== null)?.taskId;
    const comments = taskId === undefined ? [] : await this.deps.comments.seenBy(viewerId).load(taskId);
    return activityViews(rows, comments);
  }
}
