import { versionTagOf } from '@platform/lib/entity-tag';
import { z } from '@platform/lib/validation';
import {
  commentOf,
  commentPageOf,
  commentPageShape,
  commentShape,
  commentStateOf,
  reactionShape,
} from './comment.shapes.js';
import { sortedPageQuery } from './paging.js';
import { messageShape } from './response.shapes.js';
import { graphql } from './generated/index.js';
import { defineRoutes, route } from './route.js';

const text = z.string({ required_error: 'is required', invalid_type_error: 'must be a string' });

/** Shapes only: the projects subgraph applies the rules (lengths, references, toggling) for REST and GraphQL. */
const addBody = z.object({
  content: text,
  parentId: text.nullish(),
  attachmentIds: z.array(text, { invalid_type_error: 'must be an array of strings' }).nullish(),
});

const codeParams = z.object({ unique_code: z.string() });

/** Comment operations of the projects spec at the paths of decisions.md. */
export const commentRoutes = defineRoutes([
  route({
    method: 'GET',
    url: '/api/v1/tasks/:unique_code/comments',
    summary: "List a task's comments, deleted ones included with content '' (page, limit, sortBy, sortOrder)",
    tag: 'comments',
    auth: 'bearer',
    params: codeParams,
    query: sortedPageQuery,
    operation: graphql(`
      query TaskComments(
        $uniqueCode: String!
        $page: Int
        $limit: Int
        $search: String
        $sortBy: String
        $sortOrder: String
      ) {
        taskComments(
          uniqueCode: $uniqueCode
          page: $page
          limit: $limit
          search: $search
          sortBy: $sortBy
          sortOrder: $sortOrder
        ) {
          data {
            ...CommentFields
          }
          meta {
            ...PageMetaFields
          }
        }
      }
    `),
    variables: ({ params, query }) => ({ uniqueCode: params.unique_code, ...query }),
    response: commentPageShape,
    result: (data) => commentPageOf(data.taskComments),
    version: {
      operation: graphql(`
        query TaskCommentsEntityTag(
          $uniqueCode: String!
          $page: Int
          $limit: Int
          $search: String
          $sortBy: String
          $sortOrder: String
        ) {
          taskCommentsEntityTag(
            uniqueCode: $uniqueCode
            page: $page
            limit: $limit
            search: $search
            sortBy: $sortBy
            sortOrder: $sortOrder
          )
        }
      `),
      variables: ({ params, query }) => ({ uniqueCode: params.unique_code, ...query }),
      tag: (data) => data.taskCommentsEntityTag,
      describes:
        "A strong tag of the page's version: its window, its total and, for each comment in order, its id, whether it " +
        "is deleted, its likes, its dislikes and the caller's own reaction (a comment is never edited; its attachments " +
        "are fixed): it changes when any of these does. Its author's name is not part of it",
      bodyTag: ({ data, meta }) => versionTagOf({ kind: 'comment-page', items: data.map(commentStateOf), page: meta }),
    },
  }),
  route({
    method: 'POST',
    url: '/api/v1/tasks/:unique_code/comments',
    summary: 'Add a comment to a task (a reply when parentId is given; attachmentIds are stored files)',
    tag: 'comments',
    auth: 'bearer',
    params: codeParams,
    body: addBody,
    operation: graphql(`
      mutation AddTaskComment($uniqueCode: String!, $input: AddCommentInput!) {
        addTaskComment(uniqueCode: $uniqueCode, input: $input) {
          ...CommentFields
        }
      }
    `),
    variables: ({ params, body }) => ({ uniqueCode: params.unique_code, input: body }),
    response: commentShape,
    result: (data) => commentOf(data.addTaskComment),
    status: 201,
  }),
  route({
    method: 'POST',
    url: '/api/v1/tasks/:unique_code/comments/toggle-like',
    summary: "Toggle the caller's reaction: the same type again removes it, the other type switches",
    tag: 'comments',
    auth: 'bearer',
    params: codeParams,
    body: z.object({ commentId: text, type: text }),
    operation: graphql(`
      mutation ToggleTaskCommentReaction($uniqueCode: String!, $commentId: String!, $type: String!) {
        toggleTaskCommentReaction(uniqueCode: $uniqueCode, commentId: $commentId, type: $type) {
          commentId
          likes
          dislikes
          userReaction
        }
      }
    `),
    variables: ({ params, body }) => ({ uniqueCode: params.unique_code, ...body }),
    response: reactionShape,
    result: (data) => data.toggleTaskCommentReaction,
  }),
  route({
    method: 'DELETE',
    url: '/api/v1/tasks/:unique_code/comments/:commentId',
    summary: 'Delete a comment (its author or an admin; it stays listed with content "", its replies stay)',
    tag: 'comments',
    auth: 'bearer',
    params: z.object({ unique_code: z.string(), commentId: z.string() }),
    operation: graphql(`
      mutation DeleteTaskComment($uniqueCode: String!, $commentId: String!) {
        deleteTaskComment(uniqueCode: $uniqueCode, commentId: $commentId) {
          message
        }
      }
    `),
    variables: ({ params }) => ({ uniqueCode: params.unique_code, commentId: params.commentId }),
    response: messageShape,
    result: (data) => data.deleteTaskComment,
  }),
]);
