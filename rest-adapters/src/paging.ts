import { z } from '@platform/lib/validation';
import { count } from './response.shapes.js';
import { graphql } from './generated/index.js';
import type { Schema } from './route.js';

/** One value of a query parameter; a repeated parameter (`page=1&page=2`) arrives as a list and is refused. */
export const queryText = z.string({ invalid_type_error: 'must be given once' });

/** Query strings arrive as text: integers are read here, their ranges are the service's. */
const queryInteger = queryText
  .regex(/^-?\d+$/, 'must be an integer')
  .transform(Number)
  .optional();

/** The query string of a paged list: page, limit and search; shapes only, the subgraph applies the rules. */
export const pageQuery = z.object({
  page: queryInteger,
  limit: queryInteger,
  search: queryText.optional(),
});

/** A paged list sorted by `sortBy` (`asc` or `desc`), before the list's own filters. */
export const sortedPageQuery = pageQuery.extend({
  sortBy: queryText.optional(),
  sortOrder: queryText.optional(),
});

/** The graph's page facts, selected whole by every paged route. */
graphql(`
  fragment PageMetaFields on PageMeta {
    limit
    page
    total
    totalPages
  }
`);

const pageMeta = z.strictObject({ limit: count, page: count, total: count, totalPages: count });

/** A paged list as the graph answers it (`data` and `meta { limit page total totalPages }`). */
export interface GraphPage<Item> {
  data: Item[];
  meta: { limit: number; page: number; total: number; totalPages: number };
}

/** A paged list's body: `{ data, meta }` (projects spec, Other result shapes). */
export const pageOf = <Item extends Schema>(item: Item) => z.strictObject({ data: z.array(item), meta: pageMeta });
