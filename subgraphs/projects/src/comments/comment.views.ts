import { isoOf } from '@platform/lib/shown-time';
import type { CommentRecord } from './comment.records.js';
import type { CommentType } from './comment.types.js';

/** A deleted comment shows `isDeleted: true` and no content (decisions: Project and task service). */
export function commentView({ comment, attachments, reactions }: CommentRecord): CommentType {
  return {
    id: comment.id,
    taskId: comment.taskId,
    parentId: comment.parentId,
    actorId: String(comment.authorUserId),
    content: comment.deletedAt ? '' : comment.content,
    attachments: attachments.map((row) => ({ id: row.id, fileId: row.fileId })),
    likes: reactions.likes,
    dislikes: reactions.dislikes,
    isDeleted: comment.deletedAt !== null,
    userReaction: reactions.userReaction,
    createdAt: isoOf(comment.createdAt),
  };
}
