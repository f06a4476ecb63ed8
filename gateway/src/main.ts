import 'reflect-metadata';
import { ConfigError, loadConfig } from '../../lib/src/config.js';
import { ensureEmbeddedSecrets, startEmbeddedPostgres, type EmbeddedDatabase } from '../../lib/src/embedded.js';
import { createLogger } from '../../lib/src/logger.js';
import { startSystem } from './system.js';

/** Process concerns only: configuration, the embedded database, listening, and draining on SIGTERM. */
async function main(): Promise<void> {
  const env = { ...process.env };
  const embedded = !env.DATABASE_URL && env.NODE_ENV !== 'production';
  const dataDir = env.DATA_DIR ?? '.data';
  if (embedded) Object.assign(env, ensureEmbeddedSecrets(dataDir, env));
  const config = loadConfig(env);
  const logger = createLogger(config.LOG_LEVEL, 'gateway');
  let database: EmbeddedDatabase | undefined;
  if (!config.DATABASE_URL) database = await startEmbeddedPostgres(config.DATA_DIR);
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
