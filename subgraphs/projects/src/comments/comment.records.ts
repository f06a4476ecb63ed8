import type { ShownTime } from '@platform/lib/shown-time';
import type { TaskComment, TaskCommentAttachment } from './comment.entity.js';

/** What a comment's shape shows of its row, from an entity or read without one (the nested list, times as text). */
export type CommentRow = Pick<TaskComment, 'id' | 'taskId' | 'parentId' | 'authorUserId' | 'content'> & {
  createdAt: ShownTime;
  deletedAt: ShownTime | null;
};

/** A comment's reactions as counted from their rows, and the given user's own (`""` for none). */
export interface ReactionSummary {
  commentId: string;
  likes: number;
  dislikes: number;
  userReaction: string;
}

/** A comment with what its shape shows beside its row, as the repository reads it and the service returns it. */
export interface CommentRecord {
  comment: CommentRow;
  attachments: TaskCommentAttachment[];
  reactions: ReactionSummary;
}
