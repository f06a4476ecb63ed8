import '@platform/gateway/graph/plain-federation-exports';
import { ApolloGateway } from '@apollo/gateway';
import { ApolloServer, HeaderMap } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { SignedIdentityDataSource } from '@platform/gateway/remote-data-source';
import type { System } from '@platform/gateway/system';
import { parseBearer } from '@platform/lib/auth/authenticator';
import type { GatewayContext } from '@platform/lib/graphql/context';
import { InternalIdentity } from '@platform/lib/graphql/internal-identity';
import type { Platform } from '@platform/lib/platform';
import { readProjectFile } from '@platform/lib/project-root';

/**
 * What a gateway in front of the standalone subgraphs must know of a request for them to accept it: the caller of
 * its bearer, verified by the product's authenticator (codec and revocation read), which the subgraphs receive
 * signed (InternalIdentity). The peers' arms build it the same way, once per request.
 */
export async function callerContext(
  platform: Platform,
  authorization: string | undefined,
  requestId: string,
): Promise<GatewayContext> {
  const token = parseBearer(authorization);
  const request = { requestId, ip: '127.0.0.1', userAgent: null, deviceFingerprint: null };
  return token
    ? { request, caller: (await platform.authenticator.verifyBearer(token)).caller, authFailure: null }
    : { request, caller: null, authFailure: null };
}

async function bodyOf(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown) : undefined;
}

/**
 * Issue 29, item 3's design-card arm: the cheapest gateway the design card allows in front of the standalone
 * subgraph processes. Apollo Server (@apollo/server, its `executeHTTPGraphQLRequest` behind bare node:http, as its
 * standalone server does without cors and body-parser) over @apollo/gateway on the committed supergraph, with
 * Apollo's optional plugins off (cache control, inline trace, landing page) and none of ours: no edge, no limits,
 * no rate limiting, no metrics, no entity deduplication (`me` fetches one entity). Toward the subgraphs it does
 * only what they require, as ours does: the bearer's caller signed as the internal identity, through our remote
 * data source (its keep-alive undici fetcher is the cheapest one we know for @apollo/gateway).
 */
export async function startDesignCardGateway(system: System, urls: Map<string, string>): Promise<Server> {
  const { platform } = system;
  const identity = new InternalIdentity(platform.codec);
  const gateway = new ApolloGateway({
    supergraphSdl: readProjectFile('schema', 'supergraph.graphql'),
    buildService: ({ name }) => new SignedIdentityDataSource({ url: urls.get(name)!, identity }),
  });
  const apollo = new ApolloServer<GatewayContext>({
    gateway,
    stopOnTerminationSignals: false,
    plugins: [
      ApolloServerPluginCacheControlDisabled(),
      ApolloServerPluginInlineTraceDisabled(),
      ApolloServerPluginLandingPageDisabled(),
    ],
  });
  await apollo.start();
  const serve = async (request: IncomingMessage, response: ServerResponse) => {
    const headers = new HeaderMap();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const answer = await apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: {
        method: request.method!.toUpperCase(),
        headers,
        search: new URL(request.url!, 'http://gateway').search,
        body: await bodyOf(request),
      },
      context: () => callerContext(platform, headers.get('authorization'), 'design-card'),
    });
    for (const [name, value] of answer.headers) response.setHeader(name, value);
    response.statusCode = answer.status ?? 200;
    if (answer.body.kind !== 'complete') throw new Error('the design-card arm serves single results only');
    response.end(answer.body.string);
  };
  const server = createServer((request, response) => {
    serve(request, response).catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.once('close', () => void apollo.stop());
  return server;
}
