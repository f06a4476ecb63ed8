import { personOfUser, userPersonFields, type UserPersonSource } from './person.shapes.js';

/** Everything of the spec's Comment, its author as a Person (read from the graph's camelCase names). */
export const commentFields = `id taskId parentId actorId actor { ${userPersonFields} } content
  attachments { id fileId } likes dislikes isDeleted userReaction createdAt`;

interface GraphComment {
  id: string;
  taskId: string;
  parentId: string | null;
  actorId: string;
  actor: UserPersonSource;
  content: string;
  attachments: { id: string; fileId: string }[];
  likes: number;
  dislikes: number;
  isDeleted: boolean;
  userReaction: string;
  createdAt: string;
}

/** The spec's Comment, field for field. */
export function commentOf(value: unknown) {
  const comment = value as GraphComment;
  return {
    actor: personOfUser(comment.actor),
    actorId: comment.actorId,
    attachments: comment.attachments.map(({ id, fileId }) => ({ fileId, id })),
    content: comment.content,
    createdAt: comment.createdAt,
    dislikes: comment.dislikes,
    id: comment.id,
    isDeleted: comment.isDeleted,
    likes: comment.likes,
    parentId: comment.parentId,
    taskId: comment.taskId,
    userReaction: comment.userReaction,
  };
}

export function commentPageOf(value: unknown) {
  const page = value as { data: unknown[]; meta: unknown };
  return { data: page.data.map(commentOf), meta: page.meta };
}
