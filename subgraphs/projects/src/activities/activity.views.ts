import type { CommentRecord } from '../comments/comment.records.js';
import { withFields } from '@platform/lib/with-fields';
import { commentView } from '../comments/comment.views.js';
import type { Activity } from './activity.entity.js';
import type { TaskActivityType } from './activity.types.js';

/** What an entry's shape shows, from an entity or read without one (the nested list). */
export type ActivityRow = Pick<
  Activity,
  'id' | 'taskId' | 'type' | 'actorUserId' | 'from' | 'to' | 'changedAt' | 'createdAt' | 'updatedAt'
>;

/** The comment an entry adds: a `comment_added` entry names it in `to.commentId` (decisions: Comment activity). */
export function addedCommentIdOf(activity: Pick<ActivityRow, 'type' | 'to'>): string | null {
  const commentId = activity.to.commentId;
  return activity.type === 'comment_added' && typeof commentId === 'string' ? commentId : null;
}

/**
 * The spec's Activity, either `comment` or `history`: an added comment is shown as the comments list shows it
 * (deleted: `isDeleted`, no content), every other change as its history (decisions: Defects (issue 23)).
 */
export function activityView(activity: ActivityRow, comment: CommentRecord | null = null): TaskActivityType {
  const entry = {
    id: activity.id,
    taskId: activity.taskId,
    createdAt: activity.createdAt.toISOString(),
    updatedAt: activity.updatedAt.toISOString(),
  };
  if (comment && addedCommentIdOf(activity) === comment.comment.id) {
    return withFields(entry, { comment: commentView(comment), history: null });
  }
  return withFields(entry, {
    comment: null,
    history: {
      id: activity.id,
      type: activity.type,
      actorId: String(activity.actorUserId),
      changedAt: activity.changedAt.toISOString(),
      from: activity.from,
      to: activity.to,
    },
  });
}

/** One task's entries, each added comment found among `comments`, the task's comments as its viewer sees them. */
export function activityViews(rows: readonly ActivityRow[], comments: readonly CommentRecord[]): TaskActivityType[] {
  const byId = new Map(comments.map((record) => [record.comment.id, record]));
  return rows.map((row) => activityView(row, byId.get(addedCommentIdOf(row) ?? '') ?? null));
}
