/**
 * A time as a view reads it: an entity's Date, or the text a read-only statement already made of it
 * (`shownTimeOf`). Formatting is the larger part of a page's cost for times: a `toISOString` costs more than
 * parsing the text PostgreSQL sends, and a nested page shows some three thousand times (decisions: issue 29).
 */
export type ShownTime = Date | string;

/** The graph's text of a time: `Date.prototype.toISOString`'s (UTC, milliseconds, `Z`). */
export function isoOf(time: ShownTime): string {
  return typeof time === 'string' ? time : time.toISOString();
}

/**
 * SQL for a timestamp column as `isoOf` shows it, made by PostgreSQL: UTC, milliseconds truncated as a Date
 * truncates them, `Z`. For read-only statements whose rows go straight to a view.
 */
export function shownTimeOf(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
