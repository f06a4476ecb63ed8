import type { EntityManager, EntityName, FilterQuery, QueryOrderMap } from '@mikro-orm/postgresql';
import type { RecordVersion } from '@platform/lib/entity-tag';
import { offsetOf, type PageRequest } from '@platform/lib/paging';

/** What a listed record has: its search looks in the name, the code and the description. */
interface Listed {
  id: string;
  name: string;
  uniqueCode: string;
  description: string;
}

export interface PageQuery extends PageRequest {
  search?: string;
  sortOrder: 'asc' | 'desc';
}

/** `%`, `_` and the escape character itself match literally in a search (decisions: projects). */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * One page of `entity` matching `where` and the query's search (name, code or description, case-insensitive),
 * ordered by `sortColumn` then by id, with the number of all matching rows.
 */
export async function findPage<T extends Listed>(
  em: EntityManager,
  entity: EntityName<T>,
  where: FilterQuery<T> & object,
  query: PageQuery,
  sortColumn: keyof T & string,
): Promise<{ rows: T[]; total: number }> {
  const pattern = query.search && likePattern(query.search);
  const filter = pattern
    ? ({
        ...where,
        $or: [{ name: { $ilike: pattern } }, { uniqueCode: { $ilike: pattern } }, { description: { $ilike: pattern } }],
      } as FilterQuery<T>)
    : where;
  return findSortedPage(em, entity, filter, query, sortColumn);
}

/** One page of `entity` matching `where`, ordered by `sortColumn` then by id, with the number of all matching rows. */
export async function findSortedPage<T extends { id: string }>(
  em: EntityManager,
  entity: EntityName<T>,
  where: FilterQuery<T>,
  query: Omit<PageQuery, 'search'>,
  sortColumn: keyof T & string,
): Promise<{ rows: T[]; total: number }> {
  const [rows, total] = await em.findAndCount(entity, where, {
    orderBy: { [sortColumn]: query.sortOrder, id: query.sortOrder } as QueryOrderMap<T>,
    limit: query.limit,
    offset: offsetOf(query),
  });
  return { rows, total };
}

/** What a page's version statement answers (see `pageVersionSelect`). */
export interface PageVersionRow {
  total: number;
  ids: string[] | null;
  times: Date[] | null;
}

/**
 * The end of a page's version statement, after a `"matching"` CTE of the listed rows' `"id"`, `"updated_at"` and
 * their place `"n"` in the list's order: the number of matching rows, and the ids and update times of those in the
 * window (offset and limit: the parameters named), in order. One row, also for an empty page.
 */
export function pageVersionSelect(offset: string, limit: string, extra = ''): string {
  return `select ${extra}(select count(*)::int from "matching") as "total",
    array_agg(w."id" order by w."n") as "ids", array_agg(w."updated_at" order by w."n") as "times"
  from "matching" w where w."n" > ${offset} and w."n" <= ${offset} + ${limit}`;
}

/** A page version's row as the versions of its records, in order, and the total. */
export function pageVersionOf(row: PageVersionRow): { items: RecordVersion[]; total: number } {
  const times = row.times ?? [];
  return { total: row.total, items: (row.ids ?? []).map((id, index) => ({ id, updatedAt: times[index]! })) };
}
