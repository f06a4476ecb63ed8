import { z } from './validation.js';

/*
 * The spec's two page shapes, each with one input rule and one builder; a service validates the page asked
 * for with the shape's rule and answers with the shape's builder, never counting pages itself.
 * - `{ data, meta }` with meta limit, page, total, totalPages: the projects spec's lists (`MetaPage`).
 * - `{ currentPage, items, totalItems, totalPages }`: the notification spec's page, which the audit log's pages
 *   follow (`ItemsPage`).
 */

/** The page asked for: page >= 1, limit 1..100, out of range refused, never clamped (decisions: Everywhere). */
export interface PageRequest {
  page: number;
  limit: number;
}

const pageRequestInput = (defaultLimit: number) =>
  z.object({
    page: z.number().int('must be an integer').min(1, 'must be at least 1').default(1),
    limit: z
      .number()
      .int('must be an integer')
      .min(1, 'must be at least 1')
      .max(100, 'must be at most 100')
      .default(defaultLimit),
  });

/** The rows a page skips. */
export const offsetOf = ({ page, limit }: PageRequest): number => (page - 1) * limit;

const pageCount = (total: number, limit: number): number => Math.ceil(total / limit);

/** A page of the projects spec's lists: 10 rows unless asked (projects spec, Pagination). */
export const metaPageInput = pageRequestInput(10);

export interface PageMeta extends PageRequest {
  total: number;
  totalPages: number;
}

/** A page of `{ data, meta }` as a service answers it: its rows, which the resolver shows as `data`. */
export interface MetaPage<Row> {
  rows: Row[];
  meta: PageMeta;
}

export function metaPage<Row>({ page, limit }: PageRequest, rows: Row[], total: number): MetaPage<Row> {
  return { rows, meta: { page, limit, total, totalPages: pageCount(total, limit) } };
}

/** A page of items: 20 unless asked (notification spec, Limits; the audit log's pages alike). */
export const itemsPageInput = pageRequestInput(20);

export interface ItemsPage<Item> {
  currentPage: number;
  items: Item[];
  totalItems: number;
  totalPages: number;
}

export function itemsPage<Item>({ page, limit }: PageRequest, items: Item[], totalItems: number): ItemsPage<Item> {
  return { currentPage: page, items, totalItems, totalPages: pageCount(totalItems, limit) };
}
