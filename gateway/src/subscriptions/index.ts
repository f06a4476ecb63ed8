import type { GraphQLDataSource } from '@apollo/gateway';
import type { FastifyInstance } from 'fastify';
import type { ExecutionResult } from 'graphql';
import type { GatewayContext } from '@platform/lib/graphql/context';
import { InternalIdentity } from '@platform/lib/graphql/internal-identity';
import type { Subgraph } from '@platform/lib/graphql/subgraph';
import type { Platform } from '@platform/lib/platform';
import type { Graph } from '../graph/apollo.js';
import { formatGatewayError } from '../graph/format-error.js';
import { subgraphRegistry } from '../subgraph-registry.js';
import { SubscriptionPlanExecutor } from './plan-executor.js';
import { RemoteUpstream } from './remote-upstream.js';
import { InProcessUpstream, type SubscriptionUpstream } from './upstream.js';
import { BrowserOrigins } from '../edge/browser-origins.js';
import { proxyTrustOf } from '../edge/trusted-proxies.js';
import { SocketAuthority } from './socket-authority.js';
import { attachSubscriptionServer } from './ws-server.js';

export interface SubscriptionsOptions {
  app: FastifyInstance;
  platform: Platform;
  graph: Graph;
  subgraphNames: string[];
  local: Map<string, Subgraph>;
  dataSource(name: string): GraphQLDataSource<GatewayContext>;
}

/**
 * Revocations close sockets as they are announced; this backstop only catches an announcement that was never
 * sent (Redis lost between a revocation's commit and its announcement): one token check per socket per minute.
 */
const recheckMs = 60_000;

/** Subscriptions (and queries over the socket) on the edge's /graphql through graphql-ws. */
export async function attachSubscriptions(options: SubscriptionsOptions): Promise<{ close(): Promise<void> }> {
  const { platform, graph } = options;
  const upstreams: Record<string, SubscriptionUpstream> = {};
  const dataSources: Record<string, GraphQLDataSource<GatewayContext>> = {};
  const identity = new InternalIdentity(platform.codec);
  const remoteUrl = (name: string) => {
    const url = subgraphRegistry.find((entry) => entry.name === name)?.remoteUrl(platform.config);
    if (!url) throw new Error(`subgraph ${name} is neither in this process nor has a remote URL`);
    return url;
  };
  for (const name of options.subgraphNames) {
    const subgraph = options.local.get(name);
    upstreams[name] = subgraph
      ? new InProcessUpstream({ subgraph, logger: platform.logger })
      : new RemoteUpstream({
          name,
          httpUrl: remoteUrl(name),
          identity,
          resumeWindowMs: platform.config.SUBSCRIPTION_RESUME_SECONDS * 1000,
          now: platform.now,
        });
    dataSources[name] = options.dataSource(name);
  }
  const executor = new SubscriptionPlanExecutor({
    planner: graph.planner,
    dataSources,
    upstreams,
    logger: platform.logger,
  });
  const formatError = formatGatewayError(platform.logger);
  const { authenticator, revocations, logger, now } = platform;
  const authority = new SocketAuthority({
    authenticator,
    deviceProofs: platform.deviceProofs,
    publicUrl: platform.config.PUBLIC_URL,
    revocations,
    logger,
    now,
    recheckMs,
  });
  await authority.start();
  const server = attachSubscriptionServer({
    server: options.app.server,
    path: '/graphql',
    executor,
    authority,
    origins: new BrowserOrigins(platform.config),
    trusted: proxyTrustOf(platform.config.TRUSTED_PROXIES),
    executeOperation: async (query, variables, operationName, contextValue) => {
      const response = await graph.apollo.executeOperation({ query, variables, operationName }, { contextValue });
      if (response.body.kind !== 'single') throw new Error('incremental delivery is not served over the socket');
      return response.body.singleResult as ExecutionResult;
    },
    formatError: (error) => formatError(error, error),
    logger,
    now,
  });
  return {
    close: async () => {
      await server.close();
      await authority.close();
    },
  };
}
