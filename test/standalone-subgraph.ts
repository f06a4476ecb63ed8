import type { FastifyInstance } from 'fastify';
import { DatabasePool } from '@platform/lib/database';
import { serveSubgraph } from '@platform/lib/graphql/serve-subgraph';
import type { Subgraph } from '@platform/lib/graphql/subgraph';
import { createLogger } from '@platform/lib/logger';
import { createPlatform, type Platform } from '@platform/lib/platform';
import { createStores } from '@platform/lib/store/index';
import { testConfigOf, type SharedResources } from './harness.js';

export interface StandaloneSubgraph {
  app: FastifyInstance;
  /** Its /graphql, for the gateway's SUBGRAPH_*_URL. */
  url: string;
  close(): Promise<void>;
}

/**
 * The distributed layout inside one test process: a subgraph served alone on its own port, with its own
 * platform, stores and database pool, as its main.ts runs it.
 */
export async function startStandaloneSubgraph(
  name: string,
  shared: SharedResources,
  create: (platform: Platform, database: DatabasePool) => Promise<Subgraph>,
  env: Record<string, string> = {},
): Promise<StandaloneSubgraph> {
  const config = testConfigOf(shared, env);
  const stores = createStores(config.REDIS_URL, config.REDIS_KEY_PREFIX);
  const platform = createPlatform(config, createLogger(config.LOG_LEVEL, name), stores);
  const database = new DatabasePool(shared.databaseUrl);
  platform.notifications.open(database);
  const app = await serveSubgraph(await create(platform, database), platform);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    url: `${address}/graphql`,
    close: async () => {
      await app.close();
      await platform.notifications.close();
      await database.close();
      await stores.close();
    },
  };
}
