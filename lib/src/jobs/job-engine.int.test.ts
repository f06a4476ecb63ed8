import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/harness.js';
import { servicesMissing } from '../../../test/services.js';
import { DatabasePool, transactionClient } from '../database.js';
import { createLogger } from '../logger.js';
import type { JobEngine } from './job-engine.js';

describe.skipIf(servicesMissing)('the job engine: a job sent within a transaction', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: DatabasePool;
  let jobs: JobEngine;
  let orm: Awaited<ReturnType<DatabasePool['open']>>;
  const queue = 'engine-test';

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = new DatabasePool(database.url);
    orm = await pool.open({ schema: 'engine_test', entities: [], migrations: [] });
    jobs = pool.jobs({ config: { NOTIFICATION_JOB_EXPIRE_SECONDS: 60 }, logger: createLogger('silent') });
    await jobs.queue(queue, { retryLimit: 0, retryDelay: 0, retryBackoff: false, expireInSeconds: 60 });
  });
  afterAll(async () => {
    await pool?.close();
    await database?.drop();
  });

  const queued = async (mark: string) =>
    orm.em
      .fork()
      .getConnection()
      .execute<{ n: number }[]>(
        `select count(*)::int as n from platform_jobs.job where name = ? and data->>'mark' = ?`,
        [queue, mark],
      )
      .then((rows) => rows[0]!.n);

  it('is queued when the transaction commits, on the transaction’s own connection', async () => {
    await orm.em.fork().transactional(async (em) => {
      expect(await jobs.send(queue, { mark: 'committed' }, { within: await transactionClient(em) })).toBe(true);
      // Not visible outside the transaction before its commit.
      expect(await queued('committed')).toBe(0);
    });
    expect(await queued('committed')).toBe(1);
  });

  it('is not queued when the transaction rolls back', async () => {
    const rolledBack = orm.em.fork().transactional(async (em) => {
      await jobs.send(queue, { mark: 'rolled-back' }, { within: await transactionClient(em) });
      throw new Error('the request failed after queuing');
    });
    await expect(rolledBack).rejects.toThrow('the request failed after queuing');
    expect(await queued('rolled-back')).toBe(0);
  });
});
