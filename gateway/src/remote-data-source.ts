import './graph/plain-federation-exports.js';
import { RemoteGraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { batchedFetch, type FetchAnswer, type FetchInit } from './batched-fetch.js';
import { isIncomingOperation } from './incoming-operation.js';
import { STATUS_CODES } from 'node:http';
import { Agent, request, type Dispatcher } from 'undici';
import { GraphQLResultError, ServiceUnavailableError } from '@platform/lib/errors';
import type { GatewayContext } from '@platform/lib/graphql/context';
import { graphQLErrorOf } from '@platform/lib/graphql/error-boundary';
import type { InternalIdentity } from '@platform/lib/graphql/internal-identity';
import { traceCarrier } from '@platform/lib/tracing';

/** Keep-alive connections: the gateway's default fetcher (make-fetch-happen) served half the requests per second. */
const keepAliveAgent = new Agent({ keepAliveTimeout: 10_000, connections: 128, pipelining: 1 });

/**
 * undici's request() behind the fetch interface RemoteGraphQLDataSource calls: its fetch() builds a WHATWG
 * Request, a stream for each body and a clone of them, which cost the distributed gateway as much as the rest
 * of its fetch for a small query (issue 17's profile). The data source reads only ok, status, statusText, url,
 * headers.get, json() and text() of the answer.
 */
async function keepAliveFetch(url: string, init: FetchInit = {}): Promise<FetchAnswer> {
  const answer = await request(url, {
    method: (init.method ?? 'POST') as Dispatcher.HttpMethod,
    headers: init.headers,
    body: init.body,
    dispatcher: keepAliveAgent,
  });
  const text = await answer.body.text();
  const { headers, statusCode } = answer;
  return {
    ok: statusCode >= 200 && statusCode < 300,
    status: statusCode,
    statusText: STATUS_CODES[statusCode] ?? '',
    url,
    headers: {
      get: (name: string) => {
        const value = headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
      },
    },
    json: async () => JSON.parse(text) as unknown,
    text: async () => text,
  };
}

export interface SignedIdentityDataSourceDependencies {
  url: string;
  identity: InternalIdentity;
}

/**
 * Distributed mode: subgraphs never trust identity headers from outside, so the gateway passes the verified
 * caller and request facts as a short-lived signed internal token.
 */
export class SignedIdentityDataSource extends RemoteGraphQLDataSource<GatewayContext> {
  private readonly identity: InternalIdentity;

  constructor(deps: SignedIdentityDataSourceDependencies) {
    super({ url: deps.url, fetcher: batchedFetch(keepAliveFetch) as unknown as RemoteGraphQLDataSource['fetcher'] });
    this.identity = deps.identity;
  }

  content(id: string, context: GatewayContext): Promise<Buffer> {
    return remoteContent(this.url, this.identity, id, context);
  }

  override async willSendRequest(options: GraphQLDataSourceProcessOptions<GatewayContext>) {
    if (!isIncomingOperation(options)) return;
    const { request, context } = options;
    request.http?.headers.set('x-internal-identity', await this.identity.sign(context));
    request.http?.headers.set('x-request-id', context.request.requestId);
    // The gateway's fetch span, continued by the subgraph's server span (W3C traceparent).
    for (const [name, value] of Object.entries(traceCarrier() ?? {})) request.http?.headers.set(name, value);
  }

  /**
   * An HTTP 503 from the subgraph's side means this fetch was not run there: its balancer has no replica in
   * rotation (HAProxy's "no server available"), or the replica refuses new requests while it drains. When nothing
   * of the client's operation has run either (a query, or a mutation none of whose fetches has answered yet), the
   * client is told to try again (503 with `Retry-After`, as for a lost store). A mutation that has already run in
   * another fetch (a project created, then its creator fetched from auth) is not: a retry would run it twice, so
   * that stays an unexpected error, as does any other status.
   */
  override async process(options: GraphQLDataSourceProcessOptions<GatewayContext>) {
    if (!isIncomingOperation(options)) return super.process(options);
    try {
      const response = await super.process(options);
      if (options.incomingRequestContext.operation.operation === 'mutation') mutationsUnderWay.add(options.context);
      return response;
    } catch (error) {
      if (refusedUnrun(error) && !mutationsUnderWay.has(options.context)) {
        throw graphQLErrorOf(new ServiceUnavailableError());
      }
      throw error;
    }
  }
}

/** The requests (their contexts) of mutations of which a fetch has answered: some of them may have run. */
const mutationsUnderWay = new WeakSet<GatewayContext>();

/** RemoteGraphQLDataSource's error for an HTTP status that is not 2xx carries the status (errorFromResponse). */
function refusedUnrun(error: unknown): boolean {
  const failed = error as { extensions?: { response?: { status?: unknown } } } | null | undefined;
  return failed?.extensions?.response?.status === 503;
}

/** The answer of a standalone subgraph's `/content/:id` that is not the bytes (lib/graphql/serve-subgraph.ts). */
interface ContentRefusal {
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

/**
 * A record's bytes from a standalone subgraph's `/content/:id`, for the caller of the context; its refusal is
 * raised as the graph's error would be (404 for a file the caller may not open).
 */
async function remoteContent(
  graphqlUrl: string,
  identity: InternalIdentity,
  id: string,
  context: GatewayContext,
): Promise<Buffer> {
  const answer = await request(new URL(`/content/${encodeURIComponent(id)}`, graphqlUrl), {
    headers: { 'x-internal-identity': await identity.sign(context), 'x-request-id': context.request.requestId },
    dispatcher: keepAliveAgent,
  });
  if (answer.statusCode === 200) return Buffer.from(await answer.body.arrayBuffer());
  const refusal = (await answer.body.json().catch(() => ({}))) as ContentRefusal;
  throw new GraphQLResultError(refusal.errors?.[0] ?? { message: 'Internal server error' });
}
