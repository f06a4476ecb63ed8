import { createHash } from 'node:crypto';

/** What a record's version is: its id and the time it last changed (every write of it sets `updatedAt`). */
export interface RecordVersion {
  id: string;
  updatedAt: Date | string;
}

/**
 * What a record's version is when no update time names it: its id and the values of what its answer shows that
 * can change (a comment's deletion, its reaction counts and the caller's own reaction), in a fixed order.
 */
export interface RecordState {
  id: string;
  state: readonly (string | number | boolean | null)[];
}

/**
 * The version of a REST answer (decisions: issue 28, Conditional requests): one record, or one page of a list with
 * its window and its total. `kind` names what is versioned, so that a record and a page never share a tag.
 */
export interface AnswerVersion {
  kind: string;
  items: readonly (RecordVersion | RecordState)[];
  page?: { page: number; limit: number; total: number };
  /** Values the answer shows beside its items that no item's version names (counts of other lists, page numbers). */
  totals?: readonly (string | number | boolean | null)[];
}

/**
 * The entity tag of an answer's version: a strong tag, the first 32 characters of the base64url SHA-256 of the
 * kind, the window and total of a page, each item's id and update time (or state) in order, and the totals. The
 * subgraph computes it from one cheap statement (keys, times and counts only); the REST registrar computes the same
 * value from the full answer's body, so a tag held from either is the other's. It changes when any item changes
 * (its `updatedAt` or state), is added or removed, moves, or the total or one of the totals changes.
 */
export function versionTagOf({ kind, items, page, totals }: AnswerVersion): string {
  const parts: unknown[] = [kind, page ? [page.page, page.limit, page.total] : null, items.map(versionOf)];
  if (totals) parts.push(totals);
  const digest = createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
  return `"${digest.slice(0, 32)}"`;
}

/**
 * The update time to the millisecond, as the graph serializes a time (a Date and its ISO string agree); or the
 * record's state values as they are.
 */
const versionOf = (item: RecordVersion | RecordState) =>
  'state' in item ? [item.id, ...item.state] : [item.id, new Date(item.updatedAt).toISOString()];

/**
 * Tallies (counts by key) as totals of a version: each one's size, then its entries in key order, so that equal
 * tallies give equal totals whatever order their keys came in.
 */
export function talliesAsTotals(...tallies: Record<string, number>[]): (string | number)[] {
  return tallies.flatMap((tally) => {
    const keys = Object.keys(tally).sort();
    return [keys.length, ...keys.flatMap((key) => [key, tally[key]!])];
  });
}
