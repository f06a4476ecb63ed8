import { ValidationError } from './errors.js';

/**
 * Opaque cursors of Relay-style connections (issue 28, cursor pagination): the sort key of a row (its creation
 * time in milliseconds and its id), as base64url JSON. Opaque to clients, but never trusted: a cursor that does not
 * decode to that shape is refused, naming the argument.
 */
export interface CursorKey {
  at: number;
  id: string;
}

export function cursorOf(key: CursorKey): string {
  return Buffer.from(JSON.stringify([key.at, key.id])).toString('base64url');
}

export function keyOfCursor(cursor: string, argument = 'after'): CursorKey {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  const [at, id] = Array.isArray(decoded) ? (decoded as unknown[]) : [];
  if (decoded === undefined || typeof at !== 'number' || !Number.isSafeInteger(at) || typeof id !== 'string')
    throw ValidationError.field(argument, 'is not a cursor of this list');
  if (id.length > 64) throw ValidationError.field(argument, 'is not a cursor of this list');
  return { at, id };
}

/** `first`: 1 to 100 rows, 10 when absent (the projects spec's default page size). */
export function firstOf(first: number | null | undefined): number {
  if (first === null || first === undefined) return 10;
  if (!Number.isInteger(first) || first < 1 || first > 100) throw ValidationError.field('first', 'must be 1 to 100');
  return first;
}

/** Forward paging of a connection: `first` rows after the cursor `after`. */
export interface ConnectionPage {
  first?: number | null;
  after?: string | null;
}

/** A connection's page as a service answers it: rows of one more than asked tell whether another page follows. */
export interface Connection<Row> {
  rows: Row[];
  hasNextPage: boolean;
  totalCount: number;
  cursor(row: Row): string;
}

/** The position of a row in a keyset order: its creation time and its id (a UUID). */
export interface RowKey {
  at: Date;
  id: string;
}

const uuidText = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The row `after` points at, for a keyset read; null without a cursor. Rows of every connection have UUID ids. */
export function rowKeyAfter(after: string | null | undefined): RowKey | null {
  if (!after) return null;
  const key = keyOfCursor(after);
  if (!uuidText.test(key.id)) throw ValidationError.field('after', 'is not a cursor of this list');
  return { at: new Date(key.at), id: key.id };
}

/** A connection from a read of `first + 1` rows (the extra one tells that another page follows). */
export function connectionOf<Row>(
  rows: Row[],
  first: number,
  totalCount: number,
  keyOf: (row: Row) => RowKey,
): Connection<Row> {
  return {
    rows: rows.slice(0, first),
    hasNextPage: rows.length > first,
    totalCount,
    cursor: (row) => {
      const { at, id } = keyOf(row);
      return cursorOf({ at: at.getTime(), id });
    },
  };
}
