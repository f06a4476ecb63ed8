import { GraphQLError, parse, subscribe, type DocumentNode, type ExecutionResult } from 'graphql';
import type { GatewayContext } from '../../../lib/src/graphql/context.js';
import { containError } from '../../../lib/src/graphql/error-boundary.js';
import type { Subgraph } from '../../../lib/src/graphql/subgraph.js';
import type { Logger } from '../../../lib/src/logger.js';
import { mapAsyncIterator } from './map-iterator.js';

export interface UpstreamRequest {
  query: string;
  document?: DocumentNode;
  variables: Record<string, unknown>;
  operationName?: string;
  context: GatewayContext;
}

/** Where the primary fetch of a subscription plan runs: the subgraph that owns the root field. */
export interface SubscriptionUpstream {
  subscribe(request: UpstreamRequest): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult>;
}

/**
 * A subgraph in this process: graphql-js `subscribe` on its schema with its own context built from the
 * verified caller (the same identity the HTTP path gives it); errors pass the subgraph's boundary.
 */
export class InProcessUpstream implements SubscriptionUpstream {
  constructor(
    private readonly subgraph: Subgraph,
    private readonly logger: Logger,
  ) {}

  async subscribe(request: UpstreamRequest): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> {
    const result = await subscribe({
      schema: this.subgraph.schema,
      document: request.document ?? parse(request.query),
      variableValues: request.variables,
      operationName: request.operationName,
      contextValue: this.subgraph.createContext(request.context),
    });
    if (!(Symbol.asyncIterator in result)) return this.contain(result);
    return mapAsyncIterator(result, (event) => this.contain(event));
  }

  private contain(result: ExecutionResult): ExecutionResult {
    if (!result.errors) return result;
    return { ...result, errors: result.errors.map((error) => containError(error, this.logger)) };
  }
}

/** A subgraph in another process: its subscriptions are not bridged yet (distributed mode, queries only). */
export class UnsupportedUpstream implements SubscriptionUpstream {
  constructor(private readonly name: string) {}

  async subscribe(): Promise<ExecutionResult> {
    return {
      errors: [
        new GraphQLError(`Subscriptions of the remote subgraph ${this.name} are not available`, {
          extensions: { code: 'SERVICE_UNAVAILABLE', statusCode: 503 },
        }),
      ],
    };
  }
}
