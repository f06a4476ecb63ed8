import PgBoss from 'pg-boss';
import { withDatabaseClusterLock } from '../cluster-lock.js';
import type { Logger } from '../logger.js';

/** pg-boss's schema for all of the platform's background work. */
export const jobEngineSchema = 'platform_jobs';

/** How a queue retries, expires and gives up on its jobs. */
export interface QueueOptions {
  /** Retries after the first attempt; 0: none. */
  retryLimit: number;
  /** Seconds before the first retry (an integer: pg-boss's unit). */
  retryDelay: number;
  /** Doubles the delay at each retry. */
  retryBackoff: boolean;
  /** A job active longer than this is presumed lost (its worker died) and retried. */
  expireInSeconds: number;
  /** Where a job goes once its retries are spent: a queue of this name is created too. */
  deadLetter?: string;
}

/** A connection inside the caller's open transaction (database.ts `transactionClient`). */
export type SqlClient = { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

export interface SendOptions {
  /** At most one job of this key per `singletonSeconds` slot in the whole cluster. */
  singletonKey?: string;
  singletonSeconds?: number;
  /** The job's id: a second send of the same id inserts nothing. */
  id?: string;
  /** Not before this instant (a scheduled job). */
  startAfter?: Date;
  /**
   * The job is inserted through this connection, inside its transaction: it is durable exactly when the
   * caller's transaction commits, and a rolled-back caller queues nothing.
   */
  within?: SqlClient;
}

/** What a handler learns of its job besides the data. */
export interface JobAttempt {
  id: string;
  retryCount: number;
  retryLimit: number;
}

export type JobWork<T> = (data: T, attempt: JobAttempt) => Promise<void>;

export interface JobEngineDependencies {
  databaseUrl: string;
  logger: Logger;
  /** How often pg-boss expires the jobs of dead workers (seconds). */
  maintenanceIntervalSeconds?: number;
}

/**
 * The one durable job engine of a process: pg-boss 10 over the process's database (at-least-once delivery,
 * retries with backoff, expiry of jobs whose worker died, a dead-letter queue). Any instance may send; one
 * worker somewhere in the cluster takes each job. Started at the first use, so a process that never queues
 * anything holds no connection. Stopped by the process's database pool before its ORMs close.
 */
export class JobEngine {
  private boss?: Promise<PgBoss>;
  private readonly queues = new Map<string, Promise<void>>();
  /** This process's worker ids per queue, to wake them (`nudge`). */
  private readonly workers = new Map<string, string[]>();
  /** The jobs under way in this process per queue, which `stopWork` waits for. */
  private readonly running = new Map<string, Set<Promise<void>>>();

  constructor(private readonly deps: JobEngineDependencies) {}

  /** Creates the queue (and its dead letter) or updates its options; idempotent. */
  queue(name: string, options: QueueOptions): Promise<void> {
    let created = this.queues.get(name);
    if (!created) {
      created = (async () => {
        const boss = await this.started();
        // pg-boss creates a queue's partition of the job table (DDL): two instances creating queues at once can
        // deadlock each other, so instances create theirs one at a time across the cluster.
        await withDatabaseClusterLock(this.deps.databaseUrl, 'platform.jobs.queues', async () => {
          if (options.deadLetter) await boss.createQueue(options.deadLetter);
          await boss.createQueue(name, { name, ...options });
          await boss.updateQueue(name, { name, ...options });
        });
      })();
      this.queues.set(name, created);
      created.catch(() => this.queues.delete(name));
    }
    return created;
  }

  /** Queues a job; answers false when pg-boss inserted none (a singleton slot already taken). */
  async send<T extends object>(name: string, data: T, options: SendOptions = {}): Promise<boolean> {
    await this.queues.get(name);
    const { within, ...sendOptions } = options;
    const db = within && { executeSql: (text: string, values: unknown[]) => within.query(text, values) };
    const id = await (await this.started()).send(name, data, { ...sendOptions, ...(db ? { db } : {}) });
    return id !== null;
  }

  /** Wakes this process's workers on the queue at once instead of at their next poll. */
  async nudge(name: string): Promise<void> {
    const boss = await this.boss?.catch(() => undefined);
    for (const id of this.workers.get(name) ?? []) boss?.notifyWorker(id);
  }

  /** `concurrency` workers on the queue in this process, each taking one job at a time. */
  async work<T extends object>(
    name: string,
    handler: JobWork<T>,
    { concurrency = 1, pollingIntervalSeconds = 0.5 }: { concurrency?: number; pollingIntervalSeconds?: number } = {},
  ): Promise<void> {
    await this.queues.get(name);
    const boss = await this.started();
    const ids = this.workers.get(name) ?? [];
    this.workers.set(name, ids);
    const running = this.running.get(name) ?? new Set<Promise<void>>();
    this.running.set(name, running);
    for (let index = 0; index < concurrency; index += 1) {
      let id = '';
      id = await boss.work<T>(name, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds }, async ([job]) => {
        if (!job) return;
        const run = handler(job.data, { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit });
        running.add(run);
        try {
          await run;
        } finally {
          running.delete(run);
          // pg-boss waits a polling interval after every job; while jobs keep coming, this fetches again at once.
          boss.notifyWorker(id);
        }
      });
      ids.push(id);
    }
  }

  /**
   * Stops this process's workers on the queue and waits (up to `timeout` ms) for their jobs under way; a job
   * still running then is retried elsewhere once it expires. The queued jobs stay for the other instances.
   */
  async stopWork(name: string, timeout = 5000): Promise<void> {
    const boss = await this.boss?.catch(() => undefined);
    await boss?.offWork(name);
    this.workers.delete(name);
    const running = [...(this.running.get(name) ?? [])].map((run) => run.catch(() => undefined));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeout).unref()));
    await Promise.race([Promise.all(running), late]);
    clearTimeout(timer);
  }

  /** Graceful: lets the jobs under way finish (up to `timeout` ms) before closing its pool. */
  async stop({ graceful = true, timeout = 5000 }: { graceful?: boolean; timeout?: number } = {}): Promise<void> {
    const boss = await this.boss?.catch(() => undefined);
    this.boss = undefined;
    this.queues.clear();
    this.workers.clear();
    await boss?.stop({ graceful, timeout, wait: true });
  }

  private started(): Promise<PgBoss> {
    this.boss ??= (async () => {
      // pg-boss keeps a small pool of its own instead of a `db` adapter over MikroORM's: its maintenance, which
      // expires jobs of dead workers, waits up to 30 s (SET LOCAL lock_timeout) for an advisory lock another
      // instance may hold, beyond the shared pool's 1.5 s query_timeout and 5 s statement_timeout, and its
      // workers poll on connections requests would otherwise wait for. A job sent `within` a transaction is
      // inserted on the caller's connection (the shared pool) instead.
      const boss = new PgBoss({
        connectionString: this.deps.databaseUrl,
        schema: jobEngineSchema,
        max: 3,
        application_name: 'platform-jobs',
        schedule: false,
        maintenanceIntervalSeconds: this.deps.maintenanceIntervalSeconds ?? 60,
      });
      boss.on('error', (error) => this.deps.logger.error({ err: error }, 'job engine error'));
      try {
        await boss.start();
        return boss;
      } catch (error) {
        // The next use tries again from the start (the database may be back by then).
        this.boss = undefined;
        await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
        throw error;
      }
    })();
    return this.boss;
  }
}
