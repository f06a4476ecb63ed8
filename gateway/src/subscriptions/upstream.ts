import {
  GraphQLError,
  parse,
  subscribe,
  type DocumentNode,
  type ExecutionResult,
  type FormattedExecutionResult,
  type GraphQLFormattedError,
} from 'graphql';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import type { GatewayContext } from '@platform/lib/graphql/context';
import { containError, graphQLErrorOf } from '@platform/lib/graphql/error-boundary';
import type { InternalIdentity } from '@platform/lib/graphql/internal-identity';
import type { Subgraph } from '@platform/lib/graphql/subgraph';
import type { Logger } from '@platform/lib/logger';
import { mapAsyncIterator } from './map-iterator.js';
import { SubscriptionsUnavailableError } from './subscription.errors.js';

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

const unavailable = (name: string) => graphQLErrorOf(new SubscriptionsUnavailableError(name));

/** Upstream errors arrive as JSON; graphql-ws's server (and the gateway's formatter) need GraphQLError. */
const toGraphQLError = (error: GraphQLFormattedError) =>
  new GraphQLError(error.message, { path: error.path, extensions: error.extensions });

export interface RemoteUpstreamDependencies {
  /** The subgraph's name, in the refusal a client sees when it is unreachable. */
  name: string;
  /** Its HTTP URL; subscriptions use the same path over WebSocket. */
  httpUrl: string;
  identity: InternalIdentity;
}

/**
 * A subgraph in another process (distributed mode), over graphql-ws to its /graphql. The caller's signed
 * internal identity travels in the init payload, so each client subscription has a connection of its own
 * (a connection never carries two callers); it closes when the client leaves or the upstream ends.
 * Upstream failures become error results, never thrown errors (which would reach the client unformatted).
 */
export class RemoteUpstream implements SubscriptionUpstream {
  private readonly url: string;

  constructor(private readonly deps: RemoteUpstreamDependencies) {
    this.url = deps.httpUrl.replace(/^http/, 'ws');
  }

  async subscribe(request: UpstreamRequest): Promise<AsyncIterableIterator<ExecutionResult>> {
    const token = await this.deps.identity.sign(request.context);
    const client = createClient({
      url: this.url,
      webSocketImpl: WebSocket,
      lazy: true,
      retryAttempts: 0,
      connectionParams: { identity: token },
    });
    const queue: ExecutionResult[] = [];
    const waiting: ((result: IteratorResult<ExecutionResult>) => void)[] = [];
    let ended = false;
    let unsubscribe = () => {};
    const push = (result: ExecutionResult) => {
      if (ended) return;
      const waiter = waiting.shift();
      if (waiter) waiter({ value: result, done: false });
      else queue.push(result);
    };
    const end = () => {
      if (ended) return;
      ended = true;
      unsubscribe();
      void client.dispose();
      waiting.splice(0).forEach((resolve) => resolve({ value: undefined, done: true }));
    };
    unsubscribe = client.subscribe<Record<string, unknown>>(
      { query: request.query, variables: request.variables, operationName: request.operationName },
      {
        next: (result: FormattedExecutionResult<Record<string, unknown>>) =>
          push({ ...result, errors: result.errors?.map(toGraphQLError) } as ExecutionResult),
        error: (error: unknown) => {
          // An array of GraphQL errors (the operation was refused), or a closed socket / failed connection.
          const errors = Array.isArray(error) ? (error as GraphQLFormattedError[]).map(toGraphQLError) : null;
          push({ errors: errors && errors.length > 0 ? errors : [unavailable(this.deps.name)] });
          end();
        },
        complete: end,
      },
    );
    const events: AsyncIterableIterator<ExecutionResult> = {
      next: async () => {
        const queued = queue.shift();
        if (queued) return { value: queued, done: false };
        if (ended) return { value: undefined, done: true };
        return new Promise((resolve) => waiting.push(resolve));
      },
      return: async () => {
        queue.length = 0;
        end();
        return { value: undefined, done: true };
      },
      [Symbol.asyncIterator]() {
        return events;
      },
    };
    return events;
  }
}
