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

/** A connection's page as a service answers it: rows of one more than asked tell whether another page follows. */
export interface Connection<Row> {
  rows: Row[];
  hasNextPage: boolean;
  totalCount: number;
  cursor(row: Row): string;
}
