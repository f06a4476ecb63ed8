import type { FastifyInstance } from 'fastify';
import { ConfigError } from '../config.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../embedded.js';
import type { Logger } from '../logger.js';
import { Deadline } from './deadline.js';
import { drainOf } from './http-drain.js';
import { processConfig, type ProcessKind } from './process-config.js';
import type { ProcessParts } from './process-parts.js';

/** After the drain's deadline, the little time closing the pools may still take before the process gives up. */
const closingGraceMs = 3000;

export interface OpenProcess extends ProcessParts {
  /** Set when the database is the embedded one (the banner names its folder). */
  embedded?: EmbeddedDatabase;
  /** Listens on HOST:PORT; on shutdown the server stops accepting and drains before anything else stops. */
  listen(app: FastifyInstance): Promise<string>;
  /** What the process runs on its parts (its system, its workers), stopped in this order once it has drained. */
  onStop(stop: () => Promise<void>): void;
}

/**
 * The life cycle of every process (the single process or edge, a subgraph alone, the worker): configuration from
 * the environment, the embedded database where the kind has one, the parts (tracing, stores, platform, the
 * database pool), and one ordered shutdown on SIGTERM and SIGINT, bounded by DRAIN_TIMEOUT_SECONDS:
 *   0. not ready (health answers 503), still serving for DRAIN_NOTICE_SECONDS while load balancers notice;
 *   1. no new connections;
 *   2. WebSockets closed with 1012, requests in flight answered (each connection closes after its answer);
 *   3. what runs on the parts stopped in order (jobs under way finish or go back to their queue);
 *   4. the parts closed (the job engine, the pool, stores, tracing), the embedded database stopped;
 *   5. exit 0, or 1 when something had to be cut or failed.
 */
export async function openProcess(kind: ProcessKind): Promise<OpenProcess> {
  const config = processConfig(kind);
  // Loaded once the configuration is known to be good: a bad environment fails before anything heavy loads.
  const { openParts } = await import('./process-parts.js');
  const embedded = config.DATABASE_URL ? undefined : await startEmbeddedPostgres(config.DATA_DIR);
  const parts = await openParts(config, { name: kind.name, databaseUrl: config.DATABASE_URL ?? embedded!.url });
  const servers: FastifyInstance[] = [];
  const stops: (() => Promise<void>)[] = [];
  const shutDown = async (): Promise<boolean> => {
    parts.readiness.drain();
    await new Promise((resolve) => setTimeout(resolve, config.DRAIN_NOTICE_SECONDS * 1000));
    const deadline = new Deadline(config.DRAIN_TIMEOUT_SECONDS * 1000);
    const drained = await Promise.all(servers.map((app) => drainOf(app.server).drain(deadline)));
    let clean = !drained.includes(false);
    if (!clean) parts.logger.warn('requests still in flight at the drain deadline were cut');
    for (const stop of [...stops, () => parts.close(deadline), async () => embedded?.stop()]) {
      clean = (await succeeded(stop, parts.logger)) && clean;
    }
    return clean;
  };
  onSignals(parts.logger, (config.DRAIN_NOTICE_SECONDS + config.DRAIN_TIMEOUT_SECONDS) * 1000, shutDown);
  return {
    ...parts,
    embedded,
    listen: async (app) => {
      drainOf(app.server);
      servers.push(app);
      return app.listen({ port: config.PORT, host: config.HOST });
    },
    onStop: (stop) => {
      stops.push(stop);
    },
  };
}

async function succeeded(step: () => Promise<void>, logger: Logger): Promise<boolean> {
  try {
    await step();
    return true;
  } catch (error) {
    logger.error({ err: error }, 'shutdown step failed');
    return false;
  }
}

/** One shutdown for the first SIGTERM or SIGINT; a repeated signal (npm forwards Ctrl-C too) changes nothing. */
function onSignals(logger: Logger, shutdownMs: number, shutDown: () => Promise<boolean>): void {
  let started = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (started) return logger.info({ signal }, 'already draining');
    started = true;
    logger.info({ signal, shutdownMs }, 'draining');
    // Whatever hangs, the process ends shortly after the deadline.
    setTimeout(() => {
      logger.error('shutdown overran its deadline');
      process.exit(1);
    }, shutdownMs + closingGraceMs);
    void shutDown()
      .catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        return false;
      })
      .then((clean) => {
        logger.info({ clean }, 'stopped');
        process.exit(clean ? 0 : 1);
      });
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

/** Runs a process's start; a bad configuration prints its one line, any failure to start exits 1. */
export function runProcess(start: () => Promise<void>): void {
  start().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}
