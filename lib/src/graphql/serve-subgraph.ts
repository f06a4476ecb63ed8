import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { fastifyApolloHandler } from '@as-integrations/fastify';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import type { Platform } from '../platform.js';
import type { GatewayContext } from './context.js';
import { containError } from './error-boundary.js';
import { InternalIdentity } from './internal-identity.js';
import type { Subgraph } from './subgraph.js';

/**
 * A subgraph alone (distributed mode): its schema over HTTP for the gateway. The caller comes only from the
 * gateway's signed internal identity; a request without a valid one is refused.
 */
export async function serveSubgraph(subgraph: Subgraph, platform: Platform): Promise<FastifyInstance> {
  const identity = new InternalIdentity(platform.codec);
  const apollo = new ApolloServer<GatewayContext>({
    schema: subgraph.schema,
    introspection: false,
    includeStacktraceInErrorResponses: false,
    plugins: [ApolloServerPluginInlineTraceDisabled()],
    formatError: (formatted: GraphQLFormattedError, error: unknown) =>
      error instanceof GraphQLError ? containError(error, platform.logger).toJSON() : formatted,
  });
  await apollo.start();
  const app = Fastify({
    loggerInstance: platform.logger as FastifyBaseLogger,
    // Above the gateway agent's 10 s keep-alive, so the gateway never reuses a socket being closed.
    keepAliveTimeout: 65_000,
    return503OnClosing: true,
  });
  app.route({
    method: ['GET', 'POST'],
    url: '/graphql',
    handler: fastifyApolloHandler(apollo, {
      context: async (request) => {
        const header = request.headers['x-internal-identity'];
        const base = await identity.verify(typeof header === 'string' ? header : undefined).catch((error: Error) => {
          throw new GraphQLError(error.message, { extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } } });
        });
        return subgraph.createContext(base);
      },
    }),
  });
  app.get('/health/db', async (_request, reply) => {
    const healthy = await subgraph.health().then(
      () => true,
      () => false,
    );
    return reply
      .code(healthy ? 200 : 503)
      .send({ status: healthy ? 'ok' : 'degraded', database: healthy ? 'healthy' : 'unhealthy' });
  });
  app.addHook('onClose', async () => {
    await apollo.stop();
    await subgraph.close();
  });
  return app;
}
