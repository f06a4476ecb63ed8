import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { servicesMissing, testDatabaseUrl } from '../../test/services.js';
import { withClusterLock, withDatabaseClusterLock, type LockSession } from './cluster-lock.js';

async function session(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  return client;
}

describe.skipIf(servicesMissing)('cluster lock (a PostgreSQL advisory lock)', () => {
  it('lets one holder in at a time across sessions; every one gets its turn', async () => {
    const name = `test.${randomUUID()}`;
    let inside = 0;
    let mostInside = 0;
    const holders = Array.from({ length: 4 }, (_, turn) =>
      withDatabaseClusterLock(testDatabaseUrl!, name, async () => {
        inside += 1;
        mostInside = Math.max(mostInside, inside);
        await sleep(150);
        inside -= 1;
        return turn;
      }),
    );
    expect((await Promise.all(holders)).sort()).toEqual([0, 1, 2, 3]);
    expect(mostInside).toBe(1);
  });

  it('is released when the holding session dies, and a waiter gives up at its deadline', async () => {
    const name = `test.${randomUUID()}`;
    const holder = await session();
    const waiter = await session();
    try {
      let held!: () => void;
      const holding = new Promise<void>((resolve) => (held = resolve));
      // The holder never leaves `work`: its session ends under it, as a killed replica's would.
      void withClusterLock(holder as LockSession, name, async () => {
        held();
        await new Promise(() => undefined);
      });
      await holding;
      await expect(withClusterLock(waiter as LockSession, name, async () => 'late', 300)).rejects.toThrow(
        /still held by another process/,
      );
      await holder.end();
      expect(await withClusterLock(waiter as LockSession, name, async () => 'after', 5000)).toBe('after');
    } finally {
      await waiter.end();
    }
  });
});
