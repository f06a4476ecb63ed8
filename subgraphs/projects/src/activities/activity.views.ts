import type { CommentRecord } from '../comments/comment.records.js';
import { isoOf, type ShownTime } from '@platform/lib/shown-time';
import { withFields } from '@platform/lib/with-fields';
import { commentView } from '../comments/comment.views.js';
import type { Activity } from './activity.entity.js';
import type { TaskActivityType } from './activity.types.js';

/** What an entry's shape shows, from an entity or read without one (the nested list, its times as text). */
export type ActivityRow = Pick<Activity, 'id' | 'taskId' | 'type' | 'actorUserId' | 'from' | 'to'> &
  Record<'changedAt' | 'createdAt' | 'updatedAt', ShownTime>;

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
    createdAt: isoOf(activity.createdAt),
    updatedAt: isoOf(activity.updatedAt),
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
      changedAt: isoOf(activity.changedAt),
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
