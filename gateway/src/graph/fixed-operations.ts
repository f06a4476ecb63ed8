import {
  getOperationAST,
  parse,
  validate,
  type FormattedExecutionResult,
  type GraphQLError,
  type GraphQLFormattedError,
} from 'graphql';
import type { GatewayContext } from '@platform/lib/graphql/context';
import { graphQLErrorOf } from '@platform/lib/graphql/error-boundary';
import type { Metrics } from '@platform/lib/metrics';
import { inSpan } from '@platform/lib/tracing';
import type { InProcessDataSource } from '../in-process-data-source.js';
import { literalRefusalOf, variableRefusalOf } from './input-coercion.js';
import type { GraphPlanner } from './planner.js';

export type OperationResult = FormattedExecutionResult<Record<string, unknown>>;

type Variables = Record<string, unknown>;
type Run = (variables: Variables, context: GatewayContext) => Promise<OperationResult>;

/** Where a fixed operation is answered: by the gateway, or by one subgraph in this process (compiled or not). */
export type FixedRoute = { via: 'gateway' } | { via: 'subgraph'; subgraph: string; compiled: boolean };

interface Lane {
  run: Run;
  /** Asked only by `routeOf`: whether graphql-jit compiled the operation costs a second compilation. */
  route(): FixedRoute;
}

export interface FixedOperationsOptions {
  planner: GraphPlanner;
  metrics: Metrics;
  /** The subgraph's data source when it runs in this process. */
  localSource(name: string): InProcessDataSource | undefined;
  /** The full path: Apollo Server and the gateway, as for a client's operation. */
  viaGateway(query: string, variables: Variables, context: GatewayContext): Promise<OperationResult>;
  formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError;
}

/**
 * Operations the server defines itself (the REST adapters', the internal notification producer's) never
 * change, so each is parsed, validated and planned once. When the plan is a single fetch from a subgraph in
 * this process, that subgraph answers the operation itself: the same answer as through the gateway, without
 * the per-request pipelines of Apollo Server and the plan executor, which cost the mobile app's hot paths
 * more than their own work did (issue 3's benchmark). Any other plan, and any subgraph in another process,
 * goes through the gateway.
 */
export class FixedOperations {
  private readonly lanes = new Map<string, Lane>();

  constructor(private readonly options: FixedOperationsOptions) {}

  /**
   * Parses, validates and plans an operation now: the edge readies every REST route's operation when it starts,
   * so a broken one stops start-up instead of failing a request.
   */
  prepare(query: string): void {
    this.laneOf(query);
  }

  async execute(query: string, variables: Variables, context: GatewayContext): Promise<OperationResult> {
    return this.laneOf(query).run(variables, context);
  }

  /** Where the operation is answered, for an operator's (and a test's) eyes; prepares it as `prepare` does. */
  routeOf(query: string): FixedRoute {
    return this.laneOf(query).route();
  }

  private laneOf(query: string): Lane {
    let lane = this.lanes.get(query);
    if (!lane) {
      lane = this.compile(query);
      this.lanes.set(query, lane);
    }
    return lane;
  }

  private compile(query: string): Lane {
    const { planner, localSource, viaGateway } = this.options;
    const document = parse(query);
    const [invalid] = validate(planner.apiSchema, document);
    if (invalid) throw new Error(`fixed operation is not valid against the supergraph: ${invalid.message}`);
    const node = planner.planOf(document).node;
    const source = node?.kind === 'Fetch' && !node.requires ? localSource(node.serviceName) : undefined;
    if (!source || validate(source.schema, document).length > 0) {
      return { run: (variables, context) => viaGateway(query, variables, context), route: () => ({ via: 'gateway' }) };
    }
    const operation = getOperationAST(document)!;
    const literal = literalRefusalOf(source.schema, document, operation);
    if (literal) throw new Error(`fixed operation has a literal its type refuses: ${literal.message}`);
    const run = source.compile(document, operation.name?.value);
    const route = (): FixedRoute => ({
      via: 'subgraph',
      subgraph: source.name,
      compiled: source.compiles(document, operation.name?.value),
    });
    const name = operation.name?.value ?? 'anonymous';
    const labels = { operation: this.options.metrics.operationLabel(name), type: operation.operation };
    // Stands for the gateway's request, plan and fetch spans that this lane skips.
    const span = { attributes: { 'graphql.operation.name': name, 'platform.subgraph': source.name } };
    const lane: Run = async (variables, context) => {
      // The gateway's lane refuses these in its pipeline (apollo.ts); this lane skips it. Literals: checked above.
      const refusal = variableRefusalOf(source.schema, operation, variables);
      if (refusal) return { errors: [this.format(graphQLErrorOf(refusal))] };
      const stop = this.options.metrics.graphqlDuration.startTimer();
      const result = await inSpan('gateway.fixed_operation', span, () => run(variables, context));
      stop(labels);
      this.options.metrics.graphqlOperations.inc({ ...labels, result: result.errors?.length ? 'error' : 'ok' });
      return { data: result.data, errors: result.errors?.map((error) => this.format(error)) };
    };
    return { run: lane, route };
  }

  private format(error: GraphQLError): GraphQLFormattedError {
    return this.options.formatError(error.toJSON(), error);
  }
}
