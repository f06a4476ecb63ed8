import type { ChangedTask, FieldDiff } from '../tasks/task-changes.js';
import type { CommentRecord, ReactionSummary } from './comment.records.js';

/** What a user did to a task's comments. */
export type CommentChangeType = 'comment_added' | 'comment_deleted';

/** Stages the entry of a comment's change; an added comment is given as its shape shows it, for the live entry. */
export type RecordCommentChange = (
  actorUserId: number,
  task: ChangedTask,
  type: CommentChangeType,
  diff: FieldDiff,
  comment?: CommentRecord,
) => void;

/**
 * Where comments' changes are recorded, each in one transaction with the change: declared here and implemented
 * by the activity log (activities/), whose entries show comments, so comments/ imports no activity.
 */
export interface CommentChangeLog {
  change<T>(work: (record: RecordCommentChange) => Promise<T>): Promise<T>;
  /**
   * Announces a comment's counts after a reaction has committed. A reaction is no entry of the history (the
   * projects spec's Activity lists none), so it is announced, not recorded.
   */
  reacted(task: ChangedTask, reaction: ReactionSummary): Promise<void>;
}
