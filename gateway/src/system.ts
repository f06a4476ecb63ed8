import { getOperationAST, parse } from 'graphql';
import type { FastifyInstance } from 'fastify';
import { InternalIdentity } from '@platform/lib/graphql/internal-identity';
import type { Subgraph } from '@platform/lib/graphql/subgraph';
import { createMetrics } from '@platform/lib/metrics';
import type { Config } from '@platform/lib/config';
import type { Logger } from '@platform/lib/logger';
import type { Platform } from '@platform/lib/platform';
import { Deadline } from '@platform/lib/process/deadline';
import { drainOf } from '@platform/lib/process/http-drain';
import { openParts, type ProcessParts } from '@platform/lib/process/process-parts';
import { projectVersion, readProjectFile } from '@platform/lib/project-root';
import { openProofRefusalAudit } from '@platform/auth/audit/proof-refusal-log';
import { openRevocationReader } from '@platform/auth/revocations/revocation-reader';
import { restRoutes, type RestRoute } from '@platform/rest-adapters/index';
import { createEdge } from './edge/server.js';
import { createGraph } from './graph/apollo.js';
import { InProcessDataSource } from './in-process-data-source.js';
import { SignedIdentityDataSource } from './remote-data-source.js';
import { subgraphRegistry } from './subgraph-registry.js';
import { attachSubscriptions } from './subscriptions/index.js';

export interface System {
  app: FastifyInstance;
  platform: Platform;
  subgraphs: Subgraph[];
  /** Stops what the system built (sockets, server, graph, subgraphs and their workers); its parts stay open. */
  close(): Promise<void>;
}

/** How long a system closed without its process waits for requests in flight before cutting them. */
const closeDrainMs = 5000;

async function remoteDatabaseHealth(urls: string[]): Promise<void> {
  for (const url of urls) {
    const response = await fetch(new URL('/health/db', url));
    if (!response.ok) throw new Error(`subgraph at ${url} reports its database unhealthy`);
  }
}

/** Push is `disabled` unless a subgraph in this process sends push messages with a provider enabled. */
function pushHealthOf(subgraphs: Subgraph[]): (() => Promise<void>) | undefined {
  const checks = subgraphs.flatMap((subgraph) => (subgraph.pushHealth ? [subgraph.pushHealth] : []));
  if (checks.length === 0) return undefined;
  return async () => {
    await Promise.all(checks.map((check) => check()));
  };
}

/** The names of the operations the server runs itself (the REST adapters'): /metrics labels only these. */
function ownOperationNames(): string[] {
  return restRoutes.flatMap((route) => getOperationAST(parse(route.operation))?.name?.value ?? []);
}

/**
 * Builds the whole system on the process's parts (openProcess; a test's openParts) without listening: the
 * subgraphs that have no remote URL run in this process (single-node mode); the others are reached over HTTP
 * with a signed internal identity.
 */
export interface SystemOptions {
  /** The REST routes to serve: every declared one unless a test declares its own. */
  routes?: RestRoute[];
}

export async function startSystem(parts: ProcessParts, options: SystemOptions = {}): Promise<System> {
  const { config, logger, stores, platform, database, readiness } = parts;
  const metrics = createMetrics({ operationNames: ownOperationNames(), serviceNames: config.METRICS_SERVICE_NAMES });
  const identity = new InternalIdentity(platform.codec);
  const local = new Map<string, Subgraph>();
  const remoteUrls: string[] = [];
  for (const entry of subgraphRegistry) {
    const remoteUrl = entry.remoteUrl(config);
    if (remoteUrl) remoteUrls.push(remoteUrl);
    else local.set(entry.name, await entry.create(platform, database));
  }
  platform.revocations.bindSource(
    [...local.values()].find((subgraph) => subgraph.revocations)?.revocations ?? (await openRevocationReader(database)),
  );
  platform.deviceProofs.bindLog(
    [...local.values()].find((subgraph) => subgraph.proofRefusals)?.proofRefusals ??
      (await openProofRefusalAudit(database, platform.now)),
  );
  const dataSources = new Map<string, InProcessDataSource | SignedIdentityDataSource>();
  const dataSource = (name: string) => {
    let source = dataSources.get(name);
    if (!source) {
      const subgraph = local.get(name);
      const entry = subgraphRegistry.find((candidate) => candidate.name === name)!;
      source = subgraph
        ? new InProcessDataSource({ subgraph, logger })
        : new SignedIdentityDataSource({ url: entry.remoteUrl(config)!, identity });
      dataSources.set(name, source);
    }
    return source;
  };
  const supergraphSdl = readProjectFile('schema', 'supergraph.graphql');
  const graph = await createGraph({ platform, metrics, supergraphSdl, dataSource });
  const app = await createEdge({
    platform,
    metrics,
    graph,
    routes: options.routes ?? restRoutes,
    version: projectVersion(),
    content: (subgraph, id, context) => dataSource(subgraph).content(id, context),
    health: {
      database: async () => {
        await Promise.all([...local.values()].map((subgraph) => subgraph.health()));
        await remoteDatabaseHealth(remoteUrls);
      },
      ownDatabase: async () => {
        await Promise.all([...local.values()].map((subgraph) => subgraph.health()));
      },
      cache: () => stores.keyValue.ping(),
      push: pushHealthOf([...local.values()]),
      ready: () => readiness.ready,
    },
  });
  const subscriptions = await attachSubscriptions({
    app,
    platform,
    graph,
    subgraphNames: subgraphRegistry.map((entry) => entry.name),
    local,
    dataSource,
  });
  return {
    app,
    platform,
    subgraphs: [...local.values()],
    close: async () => {
      // A process has drained before it gets here (open-process.ts), so this returns at once; a system closed
      // without its process (tests, the bench) drains the same way: sockets closed with 1012, requests answered.
      await drainOf(app.server).drain(new Deadline(closeDrainMs));
      await subscriptions.close();
      await app.close();
      await graph.apollo.stop();
      await Promise.all([...local.values()].map((subgraph) => subgraph.close()));
    },
  };
}

/**
 * The system on parts of its own, as the single process runs it (`main.ts`) but without its signals, for tests
 * and the bench that run it inside their own process: `close` stops the system, then closes its parts.
 */
export async function openSystem(
  config: Config,
  databaseUrl: string,
  logger?: Logger,
  options: SystemOptions = {},
): Promise<System> {
  const parts = await openParts(config, { name: 'gateway', databaseUrl, logger });
  // A start that fails (a broken route operation) leaves nothing open behind it.
  const system = await startSystem(parts, options).catch(async (error: unknown) => {
    await parts.close();
    throw error;
  });
  return {
    ...system,
    close: async () => {
      await system.close();
      await parts.close();
    },
  };
}
