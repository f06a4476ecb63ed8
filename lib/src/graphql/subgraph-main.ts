import 'reflect-metadata';
import { ConfigError, loadConfig } from '../config.js';
import { DatabasePool } from '../database.js';
import { createLogger } from '../logger.js';
import { createPlatform, type Platform } from '../platform.js';
import { createStores } from '../store/index.js';
import { serveSubgraph } from './serve-subgraph.js';
import type { Subgraph } from './subgraph.js';

/** Process entry shared by the three standalone subgraphs: config, platform, listen, drain on SIGTERM. */
export function runSubgraphProcess(
  name: string,
  defaultPort: number,
  create: (platform: Platform, database: DatabasePool) => Promise<Subgraph>,
): void {
  const start = async () => {
    const config = loadConfig({ PORT: String(defaultPort), ...process.env });
    if (!config.DATABASE_URL)
      throw new ConfigError(`Invalid configuration: DATABASE_URL required for the ${name} subgraph`);
    const logger = createLogger(config.LOG_LEVEL, name);
    const stores = createStores(config.REDIS_URL, config.REDIS_KEY_PREFIX);
    const platform = createPlatform(config, logger, stores);
    const database = new DatabasePool(config.DATABASE_URL);
    platform.notifications.open(database);
    const app = await serveSubgraph(await create(platform, database), platform);
    await app.listen({ port: config.PORT, host: config.HOST });
    process.once('SIGTERM', () => {
      void app
        .close()
        .then(() => platform.notifications.close())
        .then(() => database.close())
        .then(() => stores.close())
        .then(() => process.exit(0));
    });
  };
  start().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}
