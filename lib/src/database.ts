import { MikroORM, type EntityManager, type Knex, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { MigrationObject } from '@mikro-orm/core';
import { withOrmClusterLock } from './cluster-lock.js';
import type { Config } from './config.js';
import { ServiceUnavailableError } from './errors.js';
import { JobEngine, type SqlClient } from './jobs/job-engine.js';
import type { Logger } from './logger.js';

export type { EntityManager };

export interface SubgraphDatabaseOptions {
  /** One PostgreSQL schema per subgraph: no subgraph reads another's tables. */
  schema: string;
  entities: NonNullable<Options['entities']>;
  migrations: MigrationObject[];
}

/**
 * The process's one PostgreSQL pool. Each subgraph in the process opens its own MikroORM (its schema, its
 * entities, its migrations) over the same pooled connections, so a single-node process holds one pool, not
 * one per subgraph. Opened by the process entry, closed by it after every subgraph has stopped.
 */
export class DatabasePool {
  private readonly orms: MikroORM[] = [];
  private engine?: JobEngine;

  constructor(readonly url: string) {}

  /** The process's one job engine over this database, built at the first call (its logger is the caller's). */
  jobs({ config, logger }: { config: Pick<Config, 'NOTIFICATION_JOB_EXPIRE_SECONDS'>; logger: Logger }): JobEngine {
    this.engine ??= new JobEngine({
      databaseUrl: this.url,
      logger,
      // Maintenance expires the jobs of dead workers: at least as often as the shortest expiry of any queue
      // (the notification jobs'; the confirmation queues' are 60 s or more).
      maintenanceIntervalSeconds: Math.min(60, config.NOTIFICATION_JOB_EXPIRE_SECONDS),
    });
    return this.engine;
  }

  /**
   * Opens a subgraph's ORM over the pool and applies its checked-in migrations before anything is served. With
   * several replicas starting together, one applies them under the schema's cluster lock and the others, let in
   * after it, find none pending (pg-boss guards its own schema with an advisory lock of its own).
   */
  async open(options: SubgraphDatabaseOptions): Promise<MikroORM> {
    const shared = this.orms[0]?.em.getConnection().getKnex();
    const orm = await MikroORM.init({
      clientUrl: this.url,
      schema: options.schema,
      entities: options.entities,
      extensions: [Migrator],
      discovery: { warnWhenNoEntities: false },
      allowGlobalContext: false,
      pool: { min: 0, max: 20, acquireTimeoutMillis: 2000 },
      // MikroORM reuses a knex client given as driverOptions: the pool opened with the first subgraph's ORM.
      driverOptions: shared ?? connectionOptions,
      migrations: {
        tableName: `${options.schema}_migrations`,
        migrationsList: options.migrations,
        transactional: true,
        allOrNothing: true,
        snapshot: false,
        silent: true,
      },
    });
    this.orms.push(orm);
    await withOrmClusterLock(orm, `platform.migrations.${options.schema}`, async () => {
      await orm.em.getConnection().execute(`create schema if not exists "${options.schema}"`);
      await orm.getMigrator().up();
    });
    return orm;
  }

  /** `jobsWaitMs`: how long jobs under way may take to finish before pg-boss fails them back to their queue. */
  async close({ jobsWaitMs }: { jobsWaitMs?: number } = {}): Promise<void> {
    // Jobs under way finish (or are handed back to the queue) while their ORMs are still open.
    await this.engine?.stop({ graceful: true, timeout: jobsWaitMs });
    // Closing any of the ORMs ends the shared client; closing the others after it is a no-op for the pool.
    for (const orm of this.orms.splice(0).reverse()) await orm.close();
  }
}

/**
 * statement_timeout is enforced by the server; query_timeout by the client, so that a database that stops
 * answering on an open connection fails the request closed and fast instead of hanging (decisions: outages).
 */
const statementTimeoutMs = 5000;
const connectionOptions = {
  connection: { connectionTimeoutMillis: 1000, statement_timeout: statementTimeoutMs, query_timeout: 1500 },
};

const connectionErrorCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P03', '08006', '08001']);

/** Turns a lost database into the decided 503 instead of a masked 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: string }).code;
  return (
    (code !== undefined && connectionErrorCodes.has(code)) ||
    /Knex: Timeout acquiring a connection|Connection terminated|connect ECONNREFUSED|Query read timeout/.test(
      error.message,
    )
  );
}

export function unavailableIfDatabaseDown(error: unknown): unknown {
  return isDatabaseUnavailable(error) ? new ServiceUnavailableError() : error;
}

/**
 * The connection of the entity manager's open transaction (call inside `em.transactional`), for statements that
 * must commit with it: Knex hands out the transaction's own connection here, not another one from the pool.
 */
export async function transactionClient<T extends SqlClient = SqlClient>(em: EntityManager): Promise<T> {
  const transaction = em.getTransactionContext() as Knex.Transaction | undefined;
  if (!transaction) throw new Error('transactionClient used outside a transaction');
  return (await transaction.client.acquireConnection()) as T;
}

export async function pingDatabase(orm: MikroORM): Promise<void> {
  await orm.em.getConnection().execute('select 1');
}

/**
 * A fixed statement that the pg driver prepares once per pooled connection and afterwards only binds and
 * executes, so the server parses and plans it once instead of on every run (for the login's CTEs that halves
 * the round trip). The name must be unique per text.
 */
export interface PreparedStatement {
  name: string;
  text: string;
}

interface PooledClient {
  query(statement: PreparedStatement & { values: unknown[]; query_timeout?: number }): Promise<{ rows: unknown[] }>;
}

export interface StatementOptions {
  /**
   * Run on the connection of the transaction open on `em`, if one is (as the entity manager's own statements
   * do): for statements that are part of a unit of work (a lock, a counter, a write that commits with it).
   * Without it the statement is autocommitted on a pooled connection of its own, even inside a transaction.
   */
  joinTransaction?: boolean;
  /**
   * The statement queues for a row that other transactions hold (a counter drawn until commit): its wait is
   * work queued behind theirs, bounded by the server's statement_timeout, not a database that stopped answering,
   * which the client's shorter query_timeout is there to notice.
   */
  queuesForRow?: boolean;
}

/**
 * Runs one prepared statement straight through the pg driver, without the query builder, written with $n
 * placeholders: the one form of hand-written SQL, for what the entity manager cannot say (a lock, an upsert
 * that returns its counter, a grouped count) and for measured hot paths (biometric login, audit entries). By
 * default it is autocommitted on a pooled connection of its own; `joinTransaction` runs it in the open one.
 */
export async function runStatement<T>(
  em: EntityManager,
  statement: PreparedStatement,
  values: unknown[],
  options: StatementOptions = {},
): Promise<T[]> {
  const transaction = options.joinTransaction ? em.getTransactionContext<Knex.Transaction>() : undefined;
  // A transaction's client hands out the transaction's one connection and keeps it on release.
  const client = (transaction ?? em.getConnection().getKnex()).client;
  const connection = (await client.acquireConnection()) as PooledClient;
  try {
    const bound = options.queuesForRow ? { query_timeout: statementTimeoutMs } : {};
    return (await connection.query({ ...statement, values, ...bound })).rows as T[];
  } finally {
    await client.releaseConnection(connection);
  }
}
