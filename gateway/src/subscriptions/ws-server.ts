import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  GraphQLError,
  validate,
  getOperationAST,
  specifiedRules,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLFormattedError,
} from 'graphql';
import { CloseCode } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer, type WebSocket } from 'ws';
import { InvalidDeviceProofError } from '@platform/lib/auth/auth.errors';
import type { UserCaller } from '@platform/lib/auth/caller';
import { ServiceUnavailableError } from '@platform/lib/errors';
import type { GatewayContext, RequestInfo } from '@platform/lib/graphql/context';
import { graphQLErrorOf, maskedGraphQLError } from '@platform/lib/graphql/error-boundary';
import { refuseOversizedQuietly } from '@platform/lib/graphql/oversized-messages';
import { resumeSinceOf } from '@platform/lib/graphql/subscription-resume';
import type { Logger } from '@platform/lib/logger';
import { drainOf } from '@platform/lib/process/http-drain';
import { closeSockets, tryAgainLater } from '@platform/lib/process/socket-close';
import { bodyLimitBytes } from '../edge/body-limit.js';
import type { BrowserOrigins } from '../edge/browser-origins.js';
import { InvalidUpgradeError, OriginNotAllowedError, RouteNotFoundError } from '../edge/edge.errors.js';
import { requestInfoOf } from '../edge/request-context.js';
import type { ProxyTrust } from '../edge/trusted-proxies.js';
import { requestIdOf } from '../edge/request-hooks.js';
import { refuseUpgrade } from '../edge/upgrade-refusal.js';
import { inputRefusalOf } from '../graph/input-coercion.js';
import { operationLimitRules } from '../graph/operation-limits.js';
import { CheckedDocuments } from './checked-documents.js';
import { startHeartbeat } from './heartbeat.js';
import type { SubscriptionPlanExecutor } from './plan-executor.js';
import { mapAsyncIterator } from './map-iterator.js';
import { formattedProtocolErrors, protocolErrors } from './protocol-errors.js';
import type { SocketAuthority } from './socket-authority.js';

export interface SubscriptionServerOptions {
  server: Server;
  path: string;
  executor: SubscriptionPlanExecutor;
  authority: SocketAuthority;
  /** Origins allowed to open a socket; requests without Origin (apps, services) are allowed. */
  origins: BrowserOrigins;
  /** The proxies whose X-Forwarded-For names the client of an upgrade (TRUSTED_PROXIES), as on HTTP. */
  trusted: ProxyTrust;
  /** Queries and mutations over the socket go through the normal gateway execution. */
  executeOperation(
    query: string,
    variables: Record<string, unknown>,
    operationName: string | undefined,
    context: GatewayContext,
  ): Promise<ExecutionResult>;
  formatError(error: GraphQLFormattedError): GraphQLFormattedError;
  logger: Logger;
  now(): number;
}

/** A socket is one request: its facts come from the upgrade, its caller from the init's token. */
interface ConnectionState {
  info: RequestInfo;
  caller: UserCaller;
}

type Extra = { socket: WebSocket; request: IncomingMessage; state?: ConnectionState };

const initTimeoutMs = 10_000;

/**
 * graphql-ws on the edge's HTTP server at /graphql. The init payload's `authorization` is verified like a
 * bearer against the upgrade's facts (4403 when missing, invalid or revoked), and the socket then lives only as
 * long as that token (socket-authority.ts); every operation is validated against the graph's API
 * schema and its limits; subscriptions run through the plan executor, the rest through the gateway.
 */
export function attachSubscriptionServer(options: SubscriptionServerOptions): { close(): Promise<void> } {
  const { executor, authority, logger } = options;
  // The edge answers upgrades itself: ws's own refusals would carry none of the headers every answer carries.
  // A message over the body limit closes its socket with 1009 (Message Too Big) as soon as its frame header
  // announces the length: nothing of it is read or parsed (issue 31).
  const wss = new WebSocketServer({ noServer: true, maxPayload: bodyLimitBytes });
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const origin = request.headers.origin;
    if ((request.url ?? '').split('?')[0] !== options.path) {
      refuseUpgrade(socket, request, new RouteNotFoundError());
    } else if (origin && !options.origins.allows(origin, request)) {
      refuseUpgrade(socket, request, new OriginNotAllowedError());
    } else {
      wss.handleUpgrade(request, socket, head, (client) => {
        refuseOversizedQuietly(client, logger);
        wss.emit('connection', client, request);
      });
    }
  };
  options.server.on('upgrade', onUpgrade);
  wss.on('wsClientError', (_error, socket, request) => refuseUpgrade(socket, request, new InvalidUpgradeError()));
  const rules = [...specifiedRules, ...operationLimitRules];
  const documents = new CheckedDocuments((document) => validate(executor.planner.apiSchema, document, rules));
  /**
   * A client that lost its socket subscribes again with the time of the loss (`extensions.resumeSince`), as the
   * edge does upstream: an inbox subscription then sends what was published since first, which closes the gap
   * between the client's re-read and the new subscription going live; one that cannot catch up refuses (503).
   */
  const contextOf = (state: ConnectionState, extensions?: Record<string, unknown> | null): GatewayContext => {
    const resumeSince = resumeSinceOf(extensions, options.now());
    return { request: state.info, caller: state.caller, authFailure: null, ...(resumeSince && { resumeSince }) };
  };
  /**
   * The gateway's error boundary for socket results too: known codes pass, the rest is masked. Results of the
   * gateway's own execution arrive formatted already; formatting again changes nothing.
   */
  const format = (result: ExecutionResult): ExecutionResult => {
    if (!result.errors) return result;
    const formatted = result.errors.map((error) => options.formatError(error.toJSON?.() ?? error));
    return { ...result, errors: formattedProtocolErrors(formatted) };
  };
  /** A query or mutation over the socket: its refusal is its own result, never the socket's end (issue 31). */
  const executeOnSocket = async (args: ExecutionArgs): Promise<ExecutionResult> => {
    const operation = getOperationAST(args.document, args.operationName);
    try {
      const result = await options.executeOperation(
        // graphql-ws passes the document it parsed; the gateway takes the source again.
        args.document.loc?.source.body ?? '',
        (args.variableValues ?? {}) as Record<string, unknown>,
        args.operationName ?? operation?.name?.value,
        args.contextValue as GatewayContext,
      );
      return format(result);
    } catch (error) {
      logger.error({ err: error }, 'operation over the socket failed');
      return format({ errors: [maskedGraphQLError()] });
    }
  };

  useServer<Record<string, unknown> | undefined, Extra>(
    {
      connectionInitWaitTimeout: initTimeoutMs,
      onConnect: async (ctx) => {
        const { request, socket } = ctx.extra;
        const info = requestInfoOf(request, requestIdOf(request), options.trusted);
        let caller: UserCaller | null;
        try {
          caller = await authority.admit(socket, request, info, ctx.connectionParams ?? {});
        } catch (error) {
          if (error instanceof ServiceUnavailableError) {
            // The socket's form of the 503: 1013 "try again later", which graphql-ws clients retry (a 4403 would
            // tell them their token was refused; 5,000 sockets connecting at once met that on a saturated loop).
            socket.close(tryAgainLater.code, tryAgainLater.reason);
            return false;
          }
          if (!(error instanceof InvalidDeviceProofError)) throw error;
          // 4401 with the proof's challenge as its reason: the socket's form of the 401 (issue 27).
          socket.close(CloseCode.Unauthorized, error.challenge);
          return false;
        }
        if (!caller) return false;
        ctx.extra.state = { info, caller };
        // The upgrade's facts are in `info` now: the request itself (its headers, raw headers and streams, about
        // 1.3 KB) would otherwise live as long as the socket, on every idle inbox (decisions: Live inboxes).
        Reflect.deleteProperty(ctx.extra, 'request');
        return true;
      },
      onSubscribe: (ctx, _id, payload) => {
        const checked = documents.of(payload.query);
        if (checked.errors) return protocolErrors(checked.errors);
        const { document } = checked;
        // Queries and mutations meet this check in the gateway's pipeline; a subscription goes upstream directly.
        const operation = getOperationAST(document, payload.operationName);
        const refusal =
          operation?.operation === 'subscription'
            ? inputRefusalOf(executor.planner.apiSchema, document, operation, payload.variables ?? {})
            : undefined;
        if (refusal) return protocolErrors([graphQLErrorOf(refusal)]);
        return {
          schema: executor.planner.apiSchema,
          document,
          variableValues: payload.variables ?? {},
          operationName: payload.operationName ?? undefined,
          contextValue: contextOf(
            ctx.extra.state!,
            operation?.operation === 'subscription' ? payload.extensions : undefined,
          ),
        };
      },
      execute: executeOnSocket,
      subscribe: async (args) => {
        const context = args.contextValue as GatewayContext;
        const source = await executor
          .subscribe({
            document: args.document,
            variables: (args.variableValues ?? {}) as Record<string, unknown>,
            operationName: args.operationName ?? undefined,
            context,
          })
          .catch((error: unknown): ExecutionResult => {
            if (error instanceof GraphQLError) return { errors: [error] };
            logger.error({ err: error }, 'subscription could not start');
            return { errors: [maskedGraphQLError()] };
          });
        if (!(Symbol.asyncIterator in source)) return format(source);
        return mapAsyncIterator(source, format);
      },
    },
    wss,
    // No keep-alive of graphql-ws's own (a timer per socket): the heartbeat's one sweep does it for all.
    0,
  );
  const stopHeartbeat = startHeartbeat(wss);
  wss.on('error', (error) => logger.error({ err: error }, 'subscription server error'));
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      options.server.off('upgrade', onUpgrade);
      stopHeartbeat();
      await closeSockets(wss);
    })());
  // A process closes the sockets (1012) as soon as it starts draining, before it waits for requests in flight.
  drainOf(options.server).alsoClose(close);
  return { close };
}
