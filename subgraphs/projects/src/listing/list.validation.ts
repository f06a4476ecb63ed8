import { metaPageInput } from '@platform/lib/paging';
import { z } from '@platform/lib/validation';

/** One of a fixed set of words; the message lists them. */
export const oneOf = <T extends [string, ...string[]]>(values: T) =>
  z.enum(values, { errorMap: () => ({ message: `must be one of ${values.join(', ')}` }) });

/** A page of a list (the projects spec's page shape, lib/paging.ts) and its free-text search. */
const searchedPageInput = metaPageInput.extend({
  search: z
    .string()
    .max(255, 'must be at most 255 characters')
    .transform((value) => value.trim() || undefined)
    .optional(),
});

/** A page sorted by one of `sortable` (newest first by default), before the list's own filters. */
export const sortedPageInput = <T extends ['createdAt', ...string[]]>(sortable: T) =>
  searchedPageInput.extend({
    sortBy: oneOf(sortable).default('createdAt'),
    sortOrder: oneOf<['asc', 'desc']>(['asc', 'desc']).default('desc'),
  });
