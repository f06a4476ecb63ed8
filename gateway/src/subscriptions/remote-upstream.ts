import { GraphQLError, type ExecutionResult, type FormattedExecutionResult, type GraphQLFormattedError } from 'graphql';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { graphQLErrorOf } from '@platform/lib/graphql/error-boundary';
import type { InternalIdentity } from '@platform/lib/graphql/internal-identity';
import { resumeExtension } from '@platform/lib/graphql/subscription-resume';
import { SubscriptionsUnavailableError } from './subscription.errors.js';
import type { SubscriptionUpstream, UpstreamRequest } from './upstream.js';

export interface RemoteUpstreamDependencies {
  /** The subgraph's name, in the refusal a client sees when it is unreachable. */
  name: string;
  /** Its HTTP URL; subscriptions use the same path over WebSocket. */
  httpUrl: string;
  identity: InternalIdentity;
  /** How long a lost upstream is subscribed again before the client is told (SUBSCRIPTION_RESUME_SECONDS). */
  resumeWindowMs: number;
  now: () => number;
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
    const subscription = new ResumableSubscription({ ...this.deps, url: this.url }, request);
    subscription.start();
    return subscription.events;
  }
}

/** Upstream errors arrive as JSON; graphql-ws's server (and the gateway's formatter) need GraphQLError. */
const toGraphQLError = (error: GraphQLFormattedError) =>
  new GraphQLError(error.message, { path: error.path, extensions: error.extensions });

/**
 * Close codes of an upstream that went away (a replica restarting or killed, a dropped connection), as opposed to
 * one that refused the connection (graphql-ws's 44xx): only these are resumed.
 */
const lostConnectionCodes = new Set([1001, 1005, 1006, 1011, 1012, 1013]);

/** A connection lost, not a refusal: a socket closed with a code above, or no connection at all (a refused port). */
function isLoss(error: unknown): boolean {
  if (Array.isArray(error)) return false;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? lostConnectionCodes.has(code) : true;
}

/** An attempt that lived less than this may not have registered its subscription: its loss keeps the earlier one. */
const settledMs = 1000;
const firstRetryMs = 250;
const longestRetryMs = 4000;

type Dependencies = RemoteUpstreamDependencies & { url: string };

/**
 * One client subscription's upstream. When its connection is lost after it was established (a subgraph replica
 * restarts, the network drops), it subscribes again, with backoff and jitter, and asks the subgraph to resume from
 * the time of the loss (`extensions.resumeSince`): a subscription that can catch up sends what was published in
 * the gap first, so the client's subscription goes on without a gap and without knowing. Only when no connection
 * is made within the resume window does the client get the 503 error, and the subscription ends. A first
 * subscription that cannot connect ends at once with that error, as does a refusal.
 */
class ResumableSubscription {
  private readonly queue: ExecutionResult[] = [];
  private readonly waiting: ((result: IteratorResult<ExecutionResult>) => void)[] = [];
  private ended = false;
  private current: { client: Client; unsubscribe: () => void } | null = null;
  private retry: NodeJS.Timeout | undefined;
  /** When the current attempt's connection was acknowledged; null while it is not. */
  private connectedAt: number | null = null;
  /** The loss the next attempt resumes from; null on the first attempt. */
  private lostAt: number | null = null;
  /** The client's own loss, when it subscribed again after losing its socket: the first attempt resumes from it. */
  private readonly clientResumedFrom: number | null;
  /** When the connection that was up went down: the resume window counts from there. */
  private downSince = 0;
  private retries = 0;

  readonly events: AsyncIterableIterator<ExecutionResult> = {
    next: async () => {
      const queued = this.queue.shift();
      if (queued) return { value: queued, done: false };
      if (this.ended) return { value: undefined, done: true };
      return new Promise((resolve) => this.waiting.push(resolve));
    },
    return: async () => {
      this.queue.length = 0;
      this.end();
      return { value: undefined, done: true };
    },
    [Symbol.asyncIterator]: () => this.events,
  };

  constructor(
    private readonly deps: Dependencies,
    private readonly request: UpstreamRequest,
  ) {
    this.clientResumedFrom = request.context.resumeSince?.getTime() ?? null;
  }

  start(): void {
    const { identity, now } = this.deps;
    const resuming = this.lostAt !== null;
    const client = createClient({
      url: this.deps.url,
      webSocketImpl: WebSocket,
      lazy: true,
      retryAttempts: 0,
      // The request's own token on the first attempt; a resumption may come after that token's minute.
      connectionParams: async () => ({
        identity: await (resuming ? identity.signAnew(this.request.context) : identity.sign(this.request.context)),
      }),
      on: {
        connected: () => {
          this.connectedAt = now();
          this.retries = 0;
        },
      },
    });
    const { query, variables, operationName } = this.request;
    const resumeFrom = this.lostAt ?? this.clientResumedFrom;
    const extensions = resumeFrom !== null ? { [resumeExtension]: new Date(resumeFrom).toISOString() } : undefined;
    const unsubscribe = client.subscribe<Record<string, unknown>>(
      { query, variables, operationName, ...(extensions ? { extensions } : {}) },
      {
        next: (result: FormattedExecutionResult<Record<string, unknown>>) =>
          this.push({ ...result, errors: result.errors?.map(toGraphQLError) } as ExecutionResult),
        error: (error: unknown) => this.failed(error),
        complete: () => this.end(),
      },
    );
    this.current = { client, unsubscribe };
  }

  private failed(error: unknown): void {
    const { now, resumeWindowMs } = this.deps;
    const connectedAt = this.connectedAt;
    this.closeCurrent();
    if (this.ended) return;
    if (!isLoss(error) || (connectedAt === null && this.lostAt === null)) {
      // A refusal (an array of GraphQL errors, or a 44xx close), or a first connection that failed.
      const errors = Array.isArray(error) ? (error as GraphQLFormattedError[]).map(toGraphQLError) : [];
      this.push({ errors: errors.length > 0 ? errors : [this.unavailable()] });
      this.end();
      return;
    }
    if (connectedAt !== null) {
      this.downSince = now();
      if (this.downSince - connectedAt >= settledMs) this.lostAt = this.downSince;
      else this.lostAt ??= this.clientResumedFrom ?? this.downSince;
    }
    if (now() - this.downSince >= resumeWindowMs) {
      this.push({ errors: [this.unavailable()] });
      this.end();
      return;
    }
    const backoff = Math.min(firstRetryMs * 2 ** this.retries, longestRetryMs);
    this.retries += 1;
    // Jitter spreads the subscriptions of one restarted replica over the pause instead of one burst.
    this.retry = setTimeout(() => this.start(), backoff / 2 + Math.random() * (backoff / 2));
  }

  private unavailable(): GraphQLError {
    return graphQLErrorOf(new SubscriptionsUnavailableError(this.deps.name));
  }

  private push(result: ExecutionResult): void {
    if (this.ended) return;
    const waiter = this.waiting.shift();
    if (waiter) waiter({ value: result, done: false });
    else this.queue.push(result);
  }

  private closeCurrent(): void {
    const current = this.current;
    this.current = null;
    this.connectedAt = null;
    if (!current) return;
    current.unsubscribe();
    void current.client.dispose();
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.retry);
    this.closeCurrent();
    this.waiting.splice(0).forEach((resolve) => resolve({ value: undefined, done: true }));
  }
}
