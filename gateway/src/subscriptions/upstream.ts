import { createSourceEventStream, parse, subscribe, type DocumentNode, type ExecutionResult } from 'graphql';
import type { GatewayContext } from '@platform/lib/graphql/context';
import { containError } from '@platform/lib/graphql/error-boundary';
import type { Subgraph } from '@platform/lib/graphql/subgraph';
import type { Logger } from '@platform/lib/logger';
import { CompiledSelections } from './compiled-selections.js';
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
 * A subgraph in this process: its subscription field subscribes (graphql-js `createSourceEventStream` on its schema,
 * with its own context built from the verified caller: the same identity the HTTP path gives it), and each event
 * is executed by the operation's compiled selection (CompiledSelections), falling back to graphql-js `subscribe`
 * for a document graphql-jit does not compile; errors pass the subgraph's boundary.
 */
export class InProcessUpstream implements SubscriptionUpstream {
  private readonly selections: CompiledSelections;

  constructor(private readonly deps: InProcessUpstreamDependencies) {
    this.selections = new CompiledSelections(deps.subgraph.schema);
  }

  async subscribe(request: UpstreamRequest): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> {
    const args = {
      schema: this.deps.subgraph.schema,
      document: request.document ?? parse(request.query),
      variableValues: request.variables,
      operationName: request.operationName,
      contextValue: this.deps.subgraph.createContext(request.context),
    };
    // A document without its parsed form here is parsed per subscription: not worth a compilation.
    const selection = request.document ? this.selections.of(request.document, request.operationName) : null;
    if (!selection) {
      const result = await subscribe(args);
      if (!(Symbol.asyncIterator in result)) return this.contain(result);
      return mapAsyncIterator(result, (event) => this.contain(event));
    }
    const source = await createSourceEventStream(args);
    if (!(Symbol.asyncIterator in source)) return this.contain(source);
    const { contextValue, variableValues } = args;
    return mapAsyncIterator(source[Symbol.asyncIterator](), (event) => {
      const result = selection(event, contextValue, variableValues);
      // Synchronous for a selection of synchronous resolvers (the inbox's): no promise per event and subscriber.
      return 'then' in result ? result.then((answer) => this.contain(answer)) : this.contain(result);
    });
  }

  private contain(result: ExecutionResult): ExecutionResult {
    if (!result.errors) return result;
    return { ...result, errors: result.errors.map((error) => containError(error, this.deps.logger)) };
  }
}
