import { uuid, z } from '@platform/lib/validation';
import { oneOf, sortedPageInput } from '../listing/list.validation.js';

const content = z
  .string({ required_error: 'is required', invalid_type_error: 'must be a string' })
  .trim()
  .min(1, 'must not be empty')
  .max(10_000, 'must be at most 10000 characters');

export const addCommentInput = z.object({
  content,
  parentId: uuid.nullish().transform((value) => value ?? null),
  attachmentIds: z
    .array(uuid)
    .max(20, 'must have at most 20 entries')
    .nullish()
    .transform((ids) => [...new Set(ids ?? [])]),
});

export const reactionInput = z.object({
  commentId: uuid,
  type: oneOf<['like', 'dislike']>(['like', 'dislike']),
});

export const listCommentsInput = sortedPageInput<['createdAt', 'updatedAt']>(['createdAt', 'updatedAt']);
