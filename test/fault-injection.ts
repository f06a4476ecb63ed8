import type { Redis } from 'ioredis';
import { onDatabase } from './database.js';

/**
 * Makes every INSERT into a table fail inside the database (a trigger raising an error) until restored: the
 * server's write fails midway through its transaction, as it would on a crash or a lost connection.
 */
export async function failInsertsInto(databaseUrl: string, table: string): Promise<{ restore(): Promise<void> }> {
  const [schema, name] = table.split('.') as [string, string];
  const trigger = `"${schema}"."injected_failure_${name}"`;
  await onDatabase(databaseUrl, (sql) =>
    sql.query(
      `create function ${trigger}() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$;
     create trigger "injected_failure" before insert on "${schema}"."${name}" for each row execute function ${trigger}();`,
    ),
  );
  return {
    restore: async () => {
      await onDatabase(databaseUrl, (sql) =>
        sql.query(`drop trigger "injected_failure" on "${schema}"."${name}"; drop function ${trigger}();`),
      );
    },
  };
}

/** What a Redis restart without persistence loses: every key of one deployment (its prefix), epoch included. */
export async function dropDeploymentKeys(redis: Redis, prefix: string): Promise<void> {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
}
