import 'reflect-metadata';
import { ConfigError, loadConfig } from '@platform/lib/config';
import { createLogger } from '@platform/lib/logger';
import { createPlatform } from '@platform/lib/platform';
import { createStores } from '@platform/lib/store/index';
import { openNotificationsDatabase } from './app.js';
import { openDelivery } from './delivery.js';

/** The notification worker alone (`npm run start:worker`): no HTTP, drains on SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.DATABASE_URL) throw new ConfigError('Invalid configuration: DATABASE_URL required for the worker');
  const logger = createLogger(config.LOG_LEVEL, 'notifications-worker');
  const stores = createStores(config.REDIS_URL, config.REDIS_KEY_PREFIX);
  const platform = createPlatform(config, logger, stores);
  const orm = await openNotificationsDatabase(config.DATABASE_URL);
  const delivery = await openDelivery(platform, orm, config.DATABASE_URL);
  await delivery.startWorker();
  const shutdown = async () => {
    await delivery.close();
    await orm.close();
    await stores.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown());
  process.once('SIGINT', () => void shutdown());
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
