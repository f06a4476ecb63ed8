import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.js';
import { servicesMissing } from '../../test/services.js';
import { isoOf, shownTimeOf } from './shown-time.js';

/**
 * A time a read-only statement formats (`shownTimeOf`) reads as the one an entity's Date formats (`isoOf`): the
 * same text for the same stored time, in UTC whatever the session's time zone, microseconds truncated as a Date
 * truncates them.
 */
describe.skipIf(servicesMissing)('shown times', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let client: pg.Client;
  beforeAll(async () => {
    database = await createTestDatabase();
    client = new pg.Client({ connectionString: database.url, options: '-c TimeZone=Asia/Kolkata' });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await database?.drop();
  });

  it("are PostgreSQL's text of a timestamptz equal to its Date's toISOString", async () => {
    const stored = [
      '2026-11-28 23:00:01.123999+00',
      '2026-11-28 23:00:02+00',
      '2026-02-28 23:59:59.9999+00',
      '2026-06-01 01:30:00.5+02',
      '1999-12-31 23:59:59.001-05',
    ];
    const { rows } = await client.query<{ shown: string }>(
      `select ${shownTimeOf('t::timestamptz')} as "shown" from unnest($1::text[]) t`,
      [stored],
    );
    expect(rows.map((row) => row.shown)).toEqual(stored.map((text) => isoOf(new Date(text))));
    expect(isoOf('2026-11-28T23:00:01.123Z')).toBe('2026-11-28T23:00:01.123Z');
  });
});
