import { z } from '@platform/lib/validation';
import { graphql } from './generated/index.js';
import type { CommentFieldsFragment } from './generated/graphql.js';
import { pageOf, type GraphPage } from './paging.js';
import { personShape } from './person.shapes.js';
import { count, timestamp } from './response.shapes.js';

/** Everything of the spec's Comment, its author as a Person (read from the graph's camelCase names). */
graphql(`
  fragment CommentFields on TaskComment {
    id
    taskId
    parentId
    actorId
    actor {
      ...PersonFields
    }
    content
    attachments {
      id
      fileId
    }
    likes
    dislikes
    isDeleted
    userReaction
    createdAt
  }
`);

/** The spec's Comment, field for field. */
export function commentOf(comment: CommentFieldsFragment) {
  return {
    actor: comment.actor,
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

/**
 * What of a comment can change, as its entity tag names it (the graph's `taskCommentsEntityTag` reads the same values):
 * a comment is never edited and its attachments are fixed, so its deletion, its reaction counts and the caller's own
 * reaction.
 */
export function commentStateOf(comment: {
  id: string;
  isDeleted: boolean;
  likes: number;
  dislikes: number;
  userReaction: string;
}) {
  return { id: comment.id, state: [comment.isDeleted, comment.likes, comment.dislikes, comment.userReaction] };
}

export function commentPageOf(page: GraphPage<CommentFieldsFragment>) {
  return { data: page.data.map(commentOf), meta: page.meta };
}

const userReaction = z.enum(['', 'like', 'dislike']).describe("The caller's reaction; '' for none");

export const commentShape = z.strictObject({
  actor: personShape,
  actorId: z.string(),
  attachments: z.array(z.strictObject({ fileId: z.string(), id: z.string() })),
  content: z.string().describe("'' once deleted"),
  createdAt: timestamp,
  dislikes: count,
  id: z.string(),
  isDeleted: z.boolean(),
  likes: count,
  parentId: z.string().nullable(),
  taskId: z.string(),
  userReaction,
});

export const commentPageShape = pageOf(commentShape);

export const reactionShape = z.strictObject({ commentId: z.string(), likes: count, dislikes: count, userReaction });
