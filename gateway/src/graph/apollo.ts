import './plain-federation-exports.js';
import { ApolloGateway, type GraphQLDataSource } from '@apollo/gateway';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import type { GatewayContext } from '@platform/lib/graphql/context';
import type { Metrics } from '@platform/lib/metrics';
import type { Platform } from '@platform/lib/platform';
import { InProcessDataSource } from '../in-process-data-source.js';
import { FixedOperations } from './fixed-operations.js';
import { formatGatewayError, refusalOf } from './format-error.js';
import { SubscriptionOverHttpError } from './graph.errors.js';
import { operationCostPlugin } from './operation-cost.js';
import { inputRefusalOf } from './input-coercion.js';
import { operationLimitRules, rootFieldCount } from './operation-limits.js';
import { GraphPlanner } from './planner.js';
import { EntityDeduplication } from './entity-deduplication.js';

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

/** The gateway executes subscriptions only over graphql-ws (subscriptions/); over HTTP one is a client's mistake. */
function subscriptionsOverSocketsOnly(): ApolloServerPlugin<GatewayContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation }) {
          if (operation?.operation !== 'subscription') return;
          throw refusalOf(new SubscriptionOverHttpError());
        },
      };
    },
  };
}

/** Inputs the graph's types cannot coerce answer BAD_USER_INPUT naming the field, before the gateway runs. */
function refuseUncoercibleInput(): ApolloServerPlugin<GatewayContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, operation, request }) {
          const refusal = inputRefusalOf(schema, document, operation, request.variables);
          // 400 over HTTP (BAD_USER_INPUT's status), as Apollo answers graphql-js's own refusals of variables.
          if (refusal) throw refusalOf(refusal);
        },
      };
    },
  };
}

/**
 * An operation that met a lost store while it ran (a subgraph's 503, answered inside the graph's result) says
 * when to try again, as the edge's own refusals do (edge/error-handler.ts, setRefusalHeaders).
 */
function retryAfterOfUnavailable(): ApolloServerPlugin<GatewayContext> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ errors, response }) {
          const retryAfter = errors?.map((error) => error.extensions?.retryAfter).find(Number.isInteger);
          if (typeof retryAfter === 'number') response.http.headers.set('retry-after', String(retryAfter));
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
          const labels = { operation: metrics.operationLabel(operationName), type: operation?.operation ?? 'unknown' };
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
    buildService: ({ name, url }) => new EntityDeduplication(options.dataSource(name, url)),
  });
  const apollo = new ApolloServer<GatewayContext>({
    gateway,
    // The explorer's docs and completion read the schema: enabling it in production enables introspection.
    introspection: !production || platform.config.GRAPHQL_EXPLORER,
    hideSchemaDetailsFromClientErrors: production,
    includeStacktraceInErrorResponses: false,
    csrfPrevention: true,
    // main.ts drains on SIGTERM and stops Apollo itself; Apollo's own handler would re-raise the signal (exit 143)
    stopOnTerminationSignals: false,
    validationRules: operationLimitRules,
    formatError: formatGatewayError(platform.logger),
    plugins: [
      perIpRateLimitPlugin(platform),
      subscriptionsOverSocketsOnly(),
      // Refusals of input come first: the cost estimate reads the variables, so they must be valid by then.
      refuseUncoercibleInput(),
      operationCostPlugin(),
      retryAfterOfUnavailable(),
      metricsPlugin(options.metrics),
      // The edge serves its own explorer page (pages/pages.ts), from the project's files.
      ApolloServerPluginLandingPageDisabled(),
    ],
  });
  await apollo.start();
  const planner = new GraphPlanner(options.supergraphSdl);
  const fixed = new FixedOperations({
    planner,
    metrics: options.metrics,
    localSource: (name) => {
      const source = options.dataSource(name, undefined);
      return source instanceof InProcessDataSource ? source : undefined;
    },
    viaGateway: async (query, variables, contextValue) => {
      const response = await apollo.executeOperation({ query, variables }, { contextValue });
      if (response.body.kind !== 'single') throw new Error('fixed operations are single-result operations');
      return response.body.singleResult;
    },
    formatError: formatGatewayError(platform.logger),
  });
  return { apollo, gateway, planner, fixed };
}

export type Graph = Awaited<ReturnType<typeof createGraph>>;
