import { parse, subscribe, type DocumentNode, type ExecutionResult } from 'graphql';
import type { GatewayContext } from '@platform/lib/graphql/context';
import { containError } from '@platform/lib/graphql/error-boundary';
import type { Subgraph } from '@platform/lib/graphql/subgraph';
import type { Logger } from '@platform/lib/logger';
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

export interface InProcessUpstreamDependencies {
  subgraph: Subgraph;
  logger: Logger;
}

/**
 * A subgraph in this process: graphql-js `subscribe` on its schema with its own context built from the
 * verified caller (the same identity the HTTP path gives it); errors pass the subgraph's boundary.
 */
export class InProcessUpstream implements SubscriptionUpstream {
  constructor(private readonly deps: InProcessUpstreamDependencies) {}

  async subscribe(request: UpstreamRequest): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> {
    const result = await subscribe({
      schema: this.deps.subgraph.schema,
      document: request.document ?? parse(request.query),
      variableValues: request.variables,
      operationName: request.operationName,
      contextValue: this.deps.subgraph.createContext(request.context),
    });
    if (!(Symbol.asyncIterator in result)) return this.contain(result);
    return mapAsyncIterator(result, (event) => this.contain(event));
  }

  private contain(result: ExecutionResult): ExecutionResult {
    if (!result.errors) return result;
    return { ...result, errors: result.errors.map((error) => containError(error, this.deps.logger)) };
  }
}
