import type { MikroORM } from '@mikro-orm/postgresql';
import { setTimeout as sleep } from 'node:timers/promises';

interface LockConnection {
  query(statement: { text: string; values: unknown[] }): Promise<{ rows: Array<{ locked: boolean }> }>;
}

/** Long enough for another replica to apply every migration of a fresh database; then the start fails loudly. */
const defaultWaitMs = 60_000;
const pollMs = 100;

/**
 * Runs `work` while this process holds a PostgreSQL advisory lock named `name`, so that what replicas all do at
 * start-up (migrations, the bootstrap admin) happens one replica at a time across the cluster: the next one in
 * finds it done. The lock is held by the session of one connection set aside for it (released with it if the
 * process dies), while `work` runs on the pool's other connections. It is polled with pg_try_advisory_lock
 * rather than awaited with pg_advisory_lock, because the pool's query_timeout would cut a long wait.
 */
export async function withClusterLock<T>(
  orm: MikroORM,
  name: string,
  work: () => Promise<T>,
  waitMs = defaultWaitMs,
): Promise<T> {
  const client = orm.em.getConnection().getKnex().client;
  const connection = (await client.acquireConnection()) as LockConnection;
  try {
    await acquire(connection, name, waitMs);
    try {
      return await work();
    } finally {
      await connection.query({ text: 'select pg_advisory_unlock(hashtext($1)) as locked', values: [name] });
    }
  } finally {
    await client.releaseConnection(connection);
  }
}

async function acquire(connection: LockConnection, name: string, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const { rows } = await connection.query({
      text: 'select pg_try_advisory_lock(hashtext($1)) as locked',
      values: [name],
    });
    if (rows[0]?.locked) return;
    if (Date.now() >= deadline) throw new Error(`cluster lock "${name}" still held by another process after ${waitMs} ms`);
    await sleep(pollMs);
  }
}
