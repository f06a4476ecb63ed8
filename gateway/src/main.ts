import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import type { Config } from '@platform/lib/config';
import type { Logger } from '@platform/lib/logger';
import { openProcess, runProcess, type OpenProcess } from '@platform/lib/process/open-process';

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

/** What the operator reads at start-up: where everything is served, and what the platform runs on. */
function banner({ config, embedded }: OpenProcess): string {
  const base = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  // With METRICS_PORT, /metrics is served on that port (on HOST) and no longer on the edge's.
  const metrics =
    config.METRICS_PORT === undefined ? `${base}/metrics` : `port ${config.METRICS_PORT} on ${config.HOST}, /metrics`;
  return [
    `Platform running at ${base}`,
    `  GraphQL (explorer in a browser): ${base}/graphql`,
    `  REST docs: ${base}/docs  (OpenAPI: ${base}/openapi.json)`,
    `  Web console: ${base}/console`,
    `  Health: ${base}/health   Metrics: ${metrics}`,
    `  Database: ${embedded ? `embedded PostgreSQL in ${embedded.dataDir}` : 'DATABASE_URL'}; ` +
      `store: ${storeOf(config)}`,
    ...(embedded
      ? [`  Bootstrap admin: ${config.BOOTSTRAP_ADMIN_EMAIL} / password in ${config.DATA_DIR}/embedded-secrets.json`]
      : []),
  ].join('\n');
}

function storeOf(config: Config): string {
  if (!config.redis) return 'in-process (single node)';
  return config.redis.kind === 'url' ? 'Redis (REDIS_URL)' : `Redis through Sentinels (${config.redis.name})`;
}

/** The single process, or the edge of the distributed layout: the process life cycle around the system. */
runProcess(async () => {
  const running = await openProcess({ name: 'gateway', embedded: true });
  // The system (every subgraph, the gateway) loads only once the configuration is known to be good, so a
  // bad environment fails in milliseconds with its one line.
  const { startSystem } = await import('./system.js');
  const system = await startSystem(running);
  running.onStop(() => system.close());
  const address = await running.listen(system.app);
  const { config, logger } = running;
  if (config.SEED_DEMO) await seedDemo(config, (system.app.server.address() as AddressInfo).port, logger);
  logger.info({ address }, 'gateway listening');
  console.log(banner(running));
});
