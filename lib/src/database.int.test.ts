import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.js';
import { servicesMissing } from '../../test/services.js';
import { DatabasePool } from './database.js';

describe.skipIf(servicesMissing)('DatabasePool', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("gives every subgraph's ORM in a process the same pooled connections, each in its own schema", async () => {
    const pool = new DatabasePool(database.url);
    const first = await pool.open({ schema: 'first', entities: [], migrations: [] });
    const second = await pool.open({ schema: 'second', entities: [], migrations: [] });
    expect(second.em.getConnection().getKnex()).toBe(first.em.getConnection().getKnex());
    const schemas = await second.em
      .getConnection()
      .execute<{ nspname: string }[]>(
        `select nspname from pg_namespace where nspname in ('first', 'second') order by 1`,
      );
    expect(schemas.map((row) => row.nspname)).toEqual(['first', 'second']);
    await pool.close();
    expect(await first.isConnected()).toBe(false);
    expect(await second.isConnected()).toBe(false);
  });
});
