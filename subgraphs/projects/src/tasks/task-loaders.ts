import DataLoader from 'dataloader';
import type { TaskActivityType } from '../activities/activity.types.js';
import { activityViews, addedCommentIdOf, type ActivityRow } from '../activities/activity.views.js';
import type { ActivityRepository } from '../activities/activity.repository.js';
import type { CommentRepository } from '../comments/comment.repository.js';
import type { CommentRecord } from '../comments/comment.records.js';
import { groupBy } from '../projects/project-loaders.js';
import type { TaskParticipant } from './task.entity.js';
import type { TaskRepository } from './task.repository.js';

export interface TaskLoadersDependencies {
  tasks: TaskRepository;
  comments: CommentRepository;
  activities: ActivityRepository;
}

/** Per-request batches for a task's nested fields: a page of any size costs one statement per list. */
export class TaskLoaders {
  readonly participants = new DataLoader<string, TaskParticipant[]>(async (taskIds) =>
    groupBy(await this.deps.tasks.participantsOf(taskIds), (row) => row.taskId, taskIds),
  );

  /** Oldest first, like the activity history. */
  readonly activities = new DataLoader<string, ActivityRow[]>(async (taskIds) =>
    groupBy(await this.deps.activities.ofTasks(taskIds), (row) => row.taskId, taskIds),
  );

  /** One loader per viewer, since a comment shows its viewer's own reaction; a request has one viewer. */
  private readonly commentsByViewer = new Map<number, DataLoader<string, CommentRecord[]>>();

  constructor(private readonly deps: TaskLoadersDependencies) {}

  /** Every comment of a task, deleted ones too, oldest first, with `viewerId`'s own reaction. */
  commentsSeenBy(viewerId: number): DataLoader<string, CommentRecord[]> {
    let loader = this.commentsByViewer.get(viewerId);
    if (!loader) {
      loader = new DataLoader(async (taskIds) =>
        groupBy(await this.deps.comments.ofTasks(taskIds, viewerId), (record) => record.comment.taskId, taskIds),
      );
      this.commentsByViewer.set(viewerId, loader);
    }
    return loader;
  }

  /**
   * Entries of one task as `viewerId` sees them: each added comment as the comments list shows it to them, read
   * through the same loader as the task's comments, so a page's entries cost no statement per entry.
   */
  async activitiesSeenBy(viewerId: number, rows: readonly ActivityRow[]): Promise<TaskActivityType[]> {
    const taskId = rows.find((row) => addedCommentIdOf(row) !== null)?.taskId;
    const comments = taskId === undefined ? [] : await this.commentsSeenBy(viewerId).load(taskId);
    return activityViews(rows, comments);
  }
}
