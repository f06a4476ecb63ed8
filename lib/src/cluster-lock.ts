import type { MikroORM } from '@mikro-orm/postgresql';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/** One PostgreSQL session: a pooled connection or a client of its own. */
export interface LockSession {
  query(statement: { text: string; values: unknown[] }): Promise<{ rows: Array<{ locked: boolean }> }>;
}

/** Long enough for another replica to apply every migration of a fresh database; then the start fails loudly. */
const defaultWaitMs = 60_000;
const pollMs = 100;

/**
 * Runs `work` while `session` holds the PostgreSQL advisory lock named `name`, so that what every replica does
 * at start-up (migrations, the bootstrap admin, pg-boss's queues) happens one replica at a time across the
 * cluster: the next one in finds it done. The lock belongs to the session (released with it if the process
 * dies) while `work` runs on other connections. It is polled with pg_try_advisory_lock rather than awaited
 * with pg_advisory_lock, because the shared pool's query_timeout would cut a long wait.
 */
export async function withClusterLock<T>(
  session: LockSession,
  name: string,
  work: () => Promise<T>,
  waitMs = defaultWaitMs,
): Promise<T> {
  await acquire(session, name, waitMs);
  try {
    return await work();
  } finally {
    await session.query({ text: 'select pg_advisory_unlock(hashtext($1)) as locked', values: [name] });
  }
}

/** The lock held on a connection of the ORM's pool, set aside for it while `work` uses the others. */
export async function withOrmClusterLock<T>(orm: MikroORM, name: string, work: () => Promise<T>): Promise<T> {
  const client = orm.em.getConnection().getKnex().client;
  const connection = (await client.acquireConnection()) as LockSession;
  try {
    return await withClusterLock(connection, name, work);
  } finally {
    await client.releaseConnection(connection);
  }
}

/** The lock held by a connection of its own to `databaseUrl`, for code outside any ORM (the job engine). */
export async function withDatabaseClusterLock<T>(databaseUrl: string, name: string, work: () => Promise<T>) {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'platform-lock' });
  await client.connect();
  try {
    return await withClusterLock(client as LockSession, name, work);
  } finally {
    await client.end();
  }
}

async function acquire(session: LockSession, name: string, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const { rows } = await session.query({
      text: 'select pg_try_advisory_lock(hashtext($1)) as locked',
      values: [name],
    });
    if (rows[0]?.locked) return;
    if (Date.now() >= deadline) {
      throw new Error(`cluster lock "${name}" still held by another process after ${waitMs} ms`);
    }
    await sleep(pollMs);
  }
}
