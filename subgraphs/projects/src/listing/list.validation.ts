import { z } from '@platform/lib/validation';

/** One of a fixed set of words; the message lists them. */
export const oneOf = <T extends [string, ...string[]]>(values: T) =>
  z.enum(values, { errorMap: () => ({ message: `must be one of ${values.join(', ')}` }) });

/** Pagination as decided for every list: page >= 1, limit 1..100, never clamped (decisions: Everywhere). */
export const pageInput = z.object({
  page: z.number().int('must be an integer').min(1, 'must be at least 1').default(1),
  limit: z.number().int('must be an integer').min(1, 'must be at least 1').max(100, 'must be at most 100').default(10),
  search: z
    .string()
    .max(255, 'must be at most 255 characters')
    .transform((value) => value.trim() || undefined)
    .optional(),
});

/** A page sorted by one of `sortable` (newest first by default), before the list's own filters. */
export const sortedPageInput = <T extends ['createdAt', ...string[]]>(sortable: T) =>
  pageInput.extend({
    sortBy: oneOf(sortable).default('createdAt'),
    sortOrder: oneOf<['asc', 'desc']>(['asc', 'desc']).default('desc'),
  });
