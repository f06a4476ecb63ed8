import 'reflect-metadata';
import { ConfigError, loadConfig } from '@platform/lib/config';
import { DatabasePool } from '@platform/lib/database';
import { createLogger } from '@platform/lib/logger';
import { createPlatform } from '@platform/lib/platform';
import { createStores } from '@platform/lib/store/index';
import { openTracing } from '@platform/lib/tracing';
import { openNotificationsDatabase } from './app.js';
import { openDelivery } from './delivery.js';

/** The notification worker alone (`npm run start:worker`): no HTTP, drains on SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.DATABASE_URL) throw new ConfigError('Invalid configuration: DATABASE_URL required for the worker');
  const logger = createLogger(config.LOG_LEVEL, 'notifications-worker');
  const tracing = await openTracing(config, 'notifications-worker');
  const stores = createStores(config.REDIS_URL, config.REDIS_KEY_PREFIX);
  const platform = createPlatform(config, logger, stores);
  const database = new DatabasePool(config.DATABASE_URL);
  const orm = await openNotificationsDatabase(database);
  const delivery = await openDelivery(platform, orm, database);
  await delivery.startWorker();
  const shutdown = async () => {
    await delivery.close();
    await database.close();
    await stores.close();
    await tracing.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown());
  process.once('SIGINT', () => void shutdown());
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
