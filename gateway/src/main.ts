import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { ConfigError, type Config } from '@platform/lib/config';
import type { EmbeddedDatabase } from '@platform/lib/embedded';
import { createLogger, type Logger } from '@platform/lib/logger';
import { loadProcessConfig } from './process-config.js';

/** SEED_DEMO: the demo data set, made through the running edge; a failure is logged and the platform keeps serving. */
async function seedDemo(config: Config, port: number, logger: Logger): Promise<void> {
  try {
    // Loaded only when asked for, like the system below: a bad environment must fail before anything heavy loads.
    const [{ seedDemoData }, { operatorToolsOf }] = await Promise.all([
      import('./operator/demo-data.js'),
      import('./operator/operator-tools.js'),
    ]);
    const lines = await seedDemoData(await operatorToolsOf(config, `http://127.0.0.1:${port}`).connect());
    console.log(lines.join('\n'));
  } catch (error) {
    logger.error({ err: error }, 'demo data could not be seeded');
  }
}

/** Process concerns only: configuration, the embedded database, listening, and draining on SIGTERM. */
async function main(): Promise<void> {
  const { config, embedded: embeddedModule } = await loadProcessConfig();
  const embedded = embeddedModule !== undefined;
  // The system (every subgraph, the gateway) loads only once the configuration is known to be good, so a
  // bad environment fails in milliseconds with its one line.
  const { startSystem } = await import('./system.js');
  const logger = createLogger(config.LOG_LEVEL, 'gateway');
  let database: EmbeddedDatabase | undefined;
  // config refuses a missing DATABASE_URL outside embedded mode
  if (!config.DATABASE_URL) database = await embeddedModule!.startEmbeddedPostgres(config.DATA_DIR);
  const system = await startSystem({ config, logger, databaseUrl: config.DATABASE_URL ?? database!.url });
  const address = await system.app.listen({ port: config.PORT, host: config.HOST });
  if (config.SEED_DEMO) await seedDemo(config, (system.app.server.address() as AddressInfo).port, logger);
  const base = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  logger.info({ address }, 'gateway listening');
  console.log(
    [
      `Platform running at ${base}`,
      `  GraphQL (explorer in a browser): ${base}/graphql`,
      `  REST docs: ${base}/docs  (OpenAPI: ${base}/openapi.json)`,
      `  Web console: ${base}/console`,
      `  Health: ${base}/health   Metrics: ${base}/metrics`,
      `  Database: ${database ? `embedded PostgreSQL in ${database.dataDir}` : 'DATABASE_URL'}; ` +
        `store: ${config.REDIS_URL ? 'Redis (REDIS_URL)' : 'in-process (single node)'}`,
      ...(embedded
        ? [`  Bootstrap admin: ${config.BOOTSTRAP_ADMIN_EMAIL} / password in ${config.DATA_DIR}/embedded-secrets.json`]
        : []),
    ].join('\n'),
  );
  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'draining');
    await system.close();
    await database?.stop();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
