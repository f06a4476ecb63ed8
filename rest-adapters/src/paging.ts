import { z } from '@platform/lib/validation';

/** Query strings arrive as text: integers are read here, their ranges are the service's. */
const queryInteger = z
  .string()
  .regex(/^-?\d+$/, 'must be an integer')
  .transform(Number)
  .optional();

/** The query string of a paged list: page, limit and search; shapes only, the subgraph applies the rules. */
export const pageQuery = z.object({
  page: queryInteger,
  limit: queryInteger,
  search: z.string().optional(),
});

/** A paged list sorted by `sortBy` (`asc` or `desc`), before the list's own filters. */
export const sortedPageQuery = pageQuery.extend({
  sortBy: z.string().optional(),
  sortOrder: z.string().optional(),
});
