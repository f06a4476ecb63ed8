import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.js';
import { servicesMissing } from '../../test/services.js';
import { DatabasePool, runStatement } from './database.js';

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

  it('runs a prepared statement in the open transaction when asked to, and on a connection of its own otherwise', async () => {
    const pool = new DatabasePool(database.url);
    const orm = await pool.open({ schema: 'statements', entities: [], migrations: [] });
    await orm.em.getConnection().execute('create table "statements"."mark" ("id" int)');
    const insert = { name: 'statements.mark.insert', text: 'insert into "statements"."mark" values ($1)' };
    const marks = async () =>
      (await orm.em.getConnection().execute<{ id: number }[]>('select "id" from "statements"."mark" order by 1')).map(
        (row) => row.id,
      );
    const em = orm.em.fork();
    await em.begin();
    await runStatement(em, insert, [1], { joinTransaction: true });
    await runStatement(em, insert, [2]);
    await em.rollback();
    // The joined insert went with the rollback; the other was autocommitted.
    expect(await marks()).toEqual([2]);
    await pool.close();
  });
});
