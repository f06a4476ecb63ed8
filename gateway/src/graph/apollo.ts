import { ApolloGateway, type GraphQLDataSource } from '@apollo/gateway';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import type { GatewayContext } from '../../../lib/src/graphql/context.js';
import type { Metrics } from '../../../lib/src/metrics.js';
import type { Platform } from '../../../lib/src/platform.js';
import { formatGatewayError } from './format-error.js';
import { operationLimitRules, rootFieldCount } from './operation-limits.js';

export interface GraphOptions {
  platform: Platform;
  metrics: Metrics;
  supergraphSdl: string;
  dataSource(name: string, url: string | undefined): GraphQLDataSource<GatewayContext>;
}

/** Each root field (aliases included) beyond the HTTP request itself counts against the per-IP limit. */
function perIpRateLimitPlugin(platform: Platform): ApolloServerPlugin<GatewayContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, contextValue }) {
          const extraRootFields = operation ? rootFieldCount(operation) - 1 : 0;
          if (extraRootFields > 0) await platform.rateLimiter.hit('perIp', contextValue.request.ip, extraRootFields);
        },
      };
    },
  };
}

function metricsPlugin(metrics: Metrics): ApolloServerPlugin<GatewayContext> {
  return {
    async requestDidStart() {
      const stop = metrics.graphqlDuration.startTimer();
      return {
        async willSendResponse({ operationName, operation, errors }) {
          const labels = { operation: operationName ?? 'anonymous', type: operation?.operation ?? 'unknown' };
          stop(labels);
          metrics.graphqlOperations.inc({ ...labels, result: errors?.length ? 'error' : 'ok' });
        },
      };
    },
  };
}

export async function createGraph(options: GraphOptions) {
  const { platform } = options;
  const production = platform.config.NODE_ENV === 'production';
  const gateway = new ApolloGateway({
    supergraphSdl: options.supergraphSdl,
    buildService: ({ name, url }) => options.dataSource(name, url),
  });
  const apollo = new ApolloServer<GatewayContext>({
    gateway,
    introspection: !production,
    hideSchemaDetailsFromClientErrors: production,
    includeStacktraceInErrorResponses: false,
    csrfPrevention: true,
    // main.ts drains on SIGTERM and stops Apollo itself; Apollo's own handler would re-raise the signal (exit 143)
    stopOnTerminationSignals: false,
    validationRules: operationLimitRules,
    formatError: formatGatewayError(platform.logger),
    plugins: [
      perIpRateLimitPlugin(platform),
      metricsPlugin(options.metrics),
      production ? ApolloServerPluginLandingPageDisabled() : ApolloServerPluginLandingPageLocalDefault({ embed: true }),
    ],
  });
  await apollo.start();
  return { apollo, gateway };
}

export type Graph = Awaited<ReturnType<typeof createGraph>>;
