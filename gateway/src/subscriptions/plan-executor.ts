import '../graph/plain-federation-exports.js';
import { buildOperationContext, executeQueryPlan, type GraphQLDataSource, type ServiceMap } from '@apollo/gateway';
import type { FetchNode, QueryPlan } from '@apollo/query-planner';
import type { DocumentNode, ExecutionResult } from 'graphql';
import type { GatewayContext } from '@platform/lib/graphql/context';
import { graphQLErrorOf } from '@platform/lib/graphql/error-boundary';
import type { Logger } from '@platform/lib/logger';
import type { GraphPlanner } from '../graph/planner.js';
import { mapAsyncIterator } from './map-iterator.js';
import { NotASubscriptionError } from './subscription.errors.js';
import type { SubscriptionUpstream } from './upstream.js';

export interface SubscriptionRequest {
  document: DocumentNode;
  variables: Record<string, unknown>;
  operationName?: string;
  context: GatewayContext;
}

const pick = (variables: Record<string, unknown>, names: string[] = []) =>
  Object.fromEntries(names.filter((name) => name in variables).map((name) => [name, variables[name]]));

export interface SubscriptionPlanExecutorDependencies {
  planner: GraphPlanner;
  /** Each subgraph's data source, by name: the rest of a plan runs through them. */
  dataSources: Record<string, GraphQLDataSource<GatewayContext>>;
  /** Each subgraph's upstream, by name: a plan's primary fetch subscribes there. */
  upstreams: Record<string, SubscriptionUpstream>;
  logger: Logger;
}

/**
 * The full subscription bridge (@apollo/gateway plans subscriptions but refuses to run them): the query planner plans the subscription; its primary fetch
 * runs as the upstream subscription on the subgraph owning the root field, and for each event the rest
 * of the plan runs through the gateway's executeQueryPlan, with the event standing in for the primary
 * fetch's answer. Payload fields owned by other subgraphs are so resolved like any query's.
 */
export class SubscriptionPlanExecutor {
  constructor(private readonly deps: SubscriptionPlanExecutorDependencies) {}

  /** The plans' schemas, which the socket validates a subscription against before it runs (ws-server.ts). */
  get planner(): GraphPlanner {
    return this.deps.planner;
  }

  async subscribe(request: SubscriptionRequest): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> {
    const plan = this.planner.planOf(request.document, request.operationName);
    if (plan.node?.kind !== 'Subscription') {
      return { errors: [graphQLErrorOf(new NotASubscriptionError())] };
    }
    const { primary, rest } = plan.node;
    const upstream = this.deps.upstreams[primary.serviceName];
    if (!upstream) throw new Error(`no upstream for subgraph ${primary.serviceName}`);
    if (!rest) {
      // The planner found every selected field in the owning subgraph: it answers the client's own
      // operation, and no per-event plan execution is needed (the fan-out hot path).
      return upstream.subscribe({
        query: request.document.loc?.source.body ?? primary.operation,
        document: request.document,
        variables: request.variables,
        operationName: request.operationName,
        context: request.context,
      });
    }
    const source = await upstream.subscribe({
      query: primary.operation,
      document: primary.operationDocumentNode,
      variables: pick(request.variables, primary.variableUsages),
      operationName: primary.operationName,
      context: request.context,
    });
    if (!(Symbol.asyncIterator in source)) return source;
    const eventPlan: QueryPlan = { kind: 'QueryPlan', node: { kind: 'Sequence', nodes: [primary, rest] } };
    return mapAsyncIterator(source, (event) => this.resolveEvent(request, primary, eventPlan, event));
  }

  /** Runs the plan for one event: the primary fetch answers with the event, the rest fetch normally. */
  private async resolveEvent(
    request: SubscriptionRequest,
    primary: FetchNode,
    plan: QueryPlan,
    event: ExecutionResult,
  ): Promise<ExecutionResult> {
    if (!event.data) return { errors: event.errors };
    const primarySource = this.deps.dataSources[primary.serviceName]!;
    const serviceMap: ServiceMap = {
      ...this.deps.dataSources,
      [primary.serviceName]: {
        process: async (options) =>
          options.request.query === primary.operation
            ? { data: event.data as Record<string, unknown>, errors: event.errors }
            : primarySource.process(options as Parameters<typeof primarySource.process>[0]),
      },
    };
    const operationContext = buildOperationContext({
      schema: this.planner.apiSchema,
      operationDocument: request.document,
      operationName: request.operationName,
    });
    const requestContext = {
      request: { variables: request.variables, operationName: request.operationName },
      context: request.context,
      logger: this.deps.logger,
      metrics: {},
      cache: undefined,
    };
    const result = await executeQueryPlan(
      plan,
      serviceMap,
      requestContext as unknown as Parameters<typeof executeQueryPlan>[2],
      operationContext,
      this.planner.supergraphSchema,
      this.planner.api,
    );
    return { data: result.data, errors: result.errors };
  }
}
