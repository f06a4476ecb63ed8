import type { Config } from '../config.js';
import { DatabasePool } from '../database.js';
import { createLogger, type Logger } from '../logger.js';
import { createPlatform, type Platform } from '../platform.js';
import { createStores } from '../store/index.js';
import type { Stores } from '../store/ports.js';
import { openTracing } from '../tracing.js';
import { Deadline } from './deadline.js';
import { Readiness } from './readiness.js';

/** What every process opens, whatever it runs: tracing, stores, the platform, the one database pool. */
export interface ProcessParts {
  config: Config;
  logger: Logger;
  stores: Stores;
  platform: Platform;
  database: DatabasePool;
  readiness: Readiness;
  /** After everything built on the parts has stopped: jobs under way finish or go back to their queue, then pools. */
  close(deadline?: Deadline): Promise<void>;
}

export interface PartsOptions {
  /** The process's name in logs and traces: gateway, auth, projects, notifications, notifications-worker. */
  name: string;
  databaseUrl: string;
  logger?: Logger;
  now?: () => number;
}

/** Opens the parts; a test runs a whole system on them in its own process, without signals. */
export async function openParts(config: Config, options: PartsOptions): Promise<ProcessParts> {
  const logger = options.logger ?? createLogger(config.LOG_LEVEL, options.name);
  const tracing = await openTracing(config, options.name);
  const stores = createStores(config.redis, config.REDIS_KEY_PREFIX);
  const platform = createPlatform(config, logger, stores, options.now);
  const database = new DatabasePool(options.databaseUrl);
  platform.notifications.open(database);
  return {
    config,
    logger,
    stores,
    platform,
    database,
    readiness: new Readiness(),
    close: async (deadline = new Deadline(config.DRAIN_TIMEOUT_SECONDS * 1000)) => {
      // Jobs may raise notifications until they end: the producer's queue closes after them.
      await database.close({ jobsWaitMs: deadline.remaining() });
      await platform.notifications.close();
      await stores.close();
      await tracing.close();
    },
  };
}
