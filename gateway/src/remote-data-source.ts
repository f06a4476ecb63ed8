import { RemoteGraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { isIncomingOperation } from './incoming-operation.js';
import { Agent, fetch } from 'undici';
import type { GatewayContext } from '@platform/lib/graphql/context';
import type { InternalIdentity } from '@platform/lib/graphql/internal-identity';
import { traceCarrier } from '@platform/lib/tracing';

/** Keep-alive connections: the gateway's default fetcher (make-fetch-happen) served half the requests per second. */
const keepAliveAgent = new Agent({ keepAliveTimeout: 10_000, connections: 128, pipelining: 1 });

const keepAliveFetch = ((input: string, init?: object) =>
  fetch(input, { ...init, dispatcher: keepAliveAgent })) as unknown as RemoteGraphQLDataSource['fetcher'];

/**
 * Distributed mode: subgraphs never trust identity headers from outside, so the gateway passes the verified
 * caller and request facts as a short-lived signed internal token.
 */
export class SignedIdentityDataSource extends RemoteGraphQLDataSource<GatewayContext> {
  constructor(
    url: string,
    private readonly identity: InternalIdentity,
  ) {
    super({ url, fetcher: keepAliveFetch });
  }

  override async willSendRequest(options: GraphQLDataSourceProcessOptions<GatewayContext>) {
    if (!isIncomingOperation(options)) return;
    const { request, context } = options;
    request.http?.headers.set('x-internal-identity', await this.identity.sign(context));
    request.http?.headers.set('x-request-id', context.request.requestId);
    // The gateway's fetch span, continued by the subgraph's server span (W3C traceparent).
    for (const [name, value] of Object.entries(traceCarrier() ?? {})) request.http?.headers.set(name, value);
  }
}
