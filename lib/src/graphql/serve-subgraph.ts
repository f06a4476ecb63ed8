import { ApolloServer, type ApolloServerOptions } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginInlineTraceDisabled,
} from '@apollo/server/plugin/disabled';
import { fastifyApolloHandler } from '@as-integrations/fastify';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  execute,
  GraphQLError,
  parse,
  subscribe,
  validate,
  type ExecutionResult,
  type FormattedExecutionResult,
  type GraphQLFormattedError,
} from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { InvalidInternalIdentityError } from '../auth/auth.errors.js';
import { UnauthenticatedError } from '../errors.js';
import { registerTraceHooks } from '../http-tracing.js';
import type { Logger } from '../logger.js';
import type { Platform } from '../platform.js';
import { drainOf } from '../process/http-drain.js';
import type { ProcessParts } from '../process/process-parts.js';
import { closeSockets } from '../process/socket-close.js';
import { CompiledOperations } from './compiled-operations.js';
import type { GatewayContext } from './context.js';
import { containError, graphQLErrorOf } from './error-boundary.js';
import { InternalIdentity } from './internal-identity.js';
import { refuseOversizedQuietly } from './oversized-messages.js';
import { resumeSinceOf } from './subscription-resume.js';
import type { Subgraph } from './subgraph.js';

/** Apollo Server's way to take over execution (its gateway interface), as the gateway's planner would. */
type ExecutionOwner = Extract<ApolloServerOptions<GatewayContext>, { gateway: unknown }>['gateway'];

/**
 * The subgraph's schema, with its operations executed by CompiledOperations (graphql-jit from a document's second
 * run; Apollo Server keeps one parsed document per query text, and the gateway sends one text per cached plan)
 * instead of Apollo Server's graphql-js execution. Apollo Server parses and validates as before.
 */
function compiledExecution(subgraph: Subgraph): ExecutionOwner {
  const operations = new CompiledOperations(subgraph.schema);
  let announce: Parameters<ExecutionOwner['onSchemaLoadOrUpdate']>[0] | undefined;
  return {
    onSchemaLoadOrUpdate: (callback) => {
      announce = callback;
      return () => undefined;
    },
    load: async () => {
      announce?.({ apiSchema: subgraph.schema, coreSupergraphSdl: subgraph.sdl });
      return {
        executor: ({ document, operationName, request, context }) =>
          operations.execution(document, operationName ?? undefined)(request.variables, context),
      };
    },
    stop: async () => undefined,
  };
}

/**
 * A subgraph alone (distributed mode): its schema over HTTP for the gateway, and over graphql-ws on the same
 * path for the gateway's subscription bridge. The caller comes only from the gateway's signed internal
 * identity (header `x-internal-identity`, or `identity` in the socket's init payload); without a valid one a
 * request is refused (401) and a socket closed (4403). /health/db answers 503 once the process drains.
 */
export async function serveSubgraph(
  subgraph: Subgraph,
  { platform, readiness }: Pick<ProcessParts, 'platform' | 'readiness'>,
): Promise<FastifyInstance> {
  const identity = new InternalIdentity(platform.codec);
  const apollo = new ApolloServer<GatewayContext>({
    gateway: compiledExecution(subgraph),
    introspection: false,
    // The gateway sends a client request's parallel fetches to this subgraph as one batch, one context for all.
    allowBatchedHttpRequests: true,
    includeStacktraceInErrorResponses: false,
    // No field of ours has a cache hint, and Apollo's cache-control plugin wraps every field's resolver to look
    // for one: a nested page of a few thousand fields paid for it on each (decisions: Request cost, round two).
    plugins: [ApolloServerPluginInlineTraceDisabled(), ApolloServerPluginCacheControlDisabled()],
    // The process entry drains on SIGTERM; Apollo's own handler would re-raise the signal and end it first.
    stopOnTerminationSignals: false,
    formatError: (formatted: GraphQLFormattedError, error: unknown) =>
      error instanceof GraphQLError ? containError(error, platform.logger).toJSON() : formatted,
  });
  await apollo.start();
  const app = Fastify({
    loggerInstance: platform.logger as FastifyBaseLogger,
    // Above the gateway agent's 10 s keep-alive, so the gateway never reuses a socket being closed.
    keepAliveTimeout: 65_000,
    return503OnClosing: true,
    ...(subgraph.requestBodyLimit ? { bodyLimit: subgraph.requestBodyLimit } : {}),
  });
  registerTraceHooks(app);
  app.route({
    method: ['GET', 'POST'],
    url: '/graphql',
    handler: fastifyApolloHandler(apollo, {
      context: async (request) => {
        const header = request.headers['x-internal-identity'];
        const base = await identity.verify(typeof header === 'string' ? header : undefined).catch((error: unknown) => {
          // Verify refuses only with these classes; 401 is this internal endpoint's answer to the gateway.
          const refusal = error instanceof UnauthenticatedError ? error : new InvalidInternalIdentityError();
          throw graphQLErrorOf(refusal, { httpStatus: 401 });
        });
        return subgraph.createContext(base);
      },
    }),
  });
  if (subgraph.content) serveContent(app, subgraph.content, identity, platform.logger);
  app.get('/health/db', async (_request, reply) => {
    const healthy = await subgraph.health().then(
      () => true,
      () => false,
    );
    const ok = healthy && readiness.ready;
    return reply
      .code(ok ? 200 : 503)
      .send({ status: ok ? 'ok' : 'degraded', database: healthy ? 'healthy' : 'unhealthy' });
  });
  const sockets = attachSubscriptionSocket(app, subgraph, identity, platform);
  // A process closes them as it starts draining; a test's app.close() closes them here.
  drainOf(app.server).alsoClose(sockets.close);
  app.addHook('preClose', async () => {
    await sockets.close();
  });
  app.addHook('onClose', async () => {
    await apollo.stop();
    await subgraph.close();
  });
  return app;
}

/**
 * `GET /content/:id`: a record's bytes for the gateway (a REST download), to the caller of its signed identity.
 * A refusal answers 400 with the GraphQL error the graph would give, which the gateway raises as its own.
 */
function serveContent(
  app: FastifyInstance,
  content: NonNullable<Subgraph['content']>,
  identity: InternalIdentity,
  logger: Logger,
): void {
  app.get<{ Params: { id: string } }>('/content/:id', async (request, reply) => {
    const header = request.headers['x-internal-identity'];
    const base = await identity.verify(typeof header === 'string' ? header : undefined).catch(() => null);
    if (!base) return reply.code(401).send({ errors: [{ message: 'Invalid internal identity' }] });
    try {
      return reply.type('application/octet-stream').send(await content(base, request.params.id));
    } catch (error) {
      const refusal = containError(new GraphQLError('content', { originalError: error as Error }), logger);
      return reply.code(400).send({ errors: [refusal.toJSON()] });
    }
  });
}

type SocketExtra = { identity?: GatewayContext };

/** The subgraph's error boundary on socket results, as on HTTP: known codes pass, the rest is masked. */
function containResult(result: ExecutionResult, logger: Logger): FormattedExecutionResult | void {
  if (!result.errors) return;
  return { ...result, errors: result.errors.map((error) => containError(error, logger).toJSON()) };
}

/**
 * A message to the subgraph's socket is bound before it is read (ws closes it with 1009): twice the edge's 1 MB
 * bound, so that whatever the gateway forwards of a client's message fits, and an unauthenticated 100 MB init no
 * longer does (issue 31).
 */
const socketMessageLimitBytes = 2 * 1024 * 1024;

/**
 * graphql-ws on the subgraph's /graphql. One identity per connection, verified once at init: the gateway opens
 * a connection per client subscription, so a connection never carries two callers.
 */
function attachSubscriptionSocket(
  app: FastifyInstance,
  subgraph: Subgraph,
  identity: InternalIdentity,
  { logger, now }: Pick<Platform, 'logger' | 'now'>,
): { close(): Promise<void> } {
  const wss = new WebSocketServer({ server: app.server, path: '/graphql', maxPayload: socketMessageLimitBytes });
  wss.on('error', (error) => logger.error({ err: error }, 'subgraph subscription server error'));
  // Before graphql-ws's own listener, which would print the refusal as an internal error.
  wss.on('connection', (socket) => refuseOversizedQuietly(socket, logger));
  useServer<Record<string, unknown> | undefined, SocketExtra>(
    {
      schema: subgraph.schema,
      // graphql's functions from this module, so the schema and execution share one graphql copy.
      parse,
      validate,
      execute,
      subscribe,
      connectionInitWaitTimeout: 10_000,
      onConnect: async (ctx) => {
        const token = ctx.connectionParams?.identity;
        const base = await identity.verify(typeof token === 'string' ? token : undefined).catch(() => null);
        if (!base) return false;
        ctx.extra.identity = base;
        return true;
      },
      context: (ctx, _id, payload) =>
        subgraph.createContext({
          ...ctx.extra.identity!,
          resumeSince: resumeSinceOf(payload.extensions, now()),
        }),
      onNext: (_ctx, _id, _payload, _args, result) => containResult(result, logger),
      onError: (_ctx, _id, _payload, errors) => errors.map((error) => containError(error, logger).toJSON()),
    },
    wss,
  );
  let closing: Promise<void> | undefined;
  return { close: () => (closing ??= closeSockets(wss)) };
}
