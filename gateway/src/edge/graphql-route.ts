import { fastifyApolloHandler } from '@as-integrations/fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@platform/lib/errors';
import { httpStatusOf } from '../http/http-status.js';
import type { GatewayContext } from '@platform/lib/graphql/context';
import type { Platform } from '@platform/lib/platform';
import type { Graph } from '../graph/apollo.js';
import { refusalOf } from '../graph/format-error.js';
import { operationLimits } from '../graph/operation-limits.js';
import { gatewayContextOf, type RequestContextParts } from './request-context.js';
import { sendExplorer, wantsExplorer } from '../pages/pages.js';
import { AnswerTooLargeError } from './edge.errors.js';
import { proofChallengeOf } from './error-handler.js';

function documentOf(request: FastifyRequest): string | undefined {
  const source = (request.method === 'GET' ? request.query : request.body) as { query?: unknown } | undefined;
  return typeof source?.query === 'string' ? source.query : undefined;
}

/** POST and GET /graphql through Apollo Server over the gateway; graphql-ws shares the path (subscriptions). */
export function registerGraphQLRoute(
  app: FastifyInstance,
  platform: Platform,
  graph: Graph,
  requests: RequestContextParts,
): void {
  const explorer = platform.config.GRAPHQL_EXPLORER;
  const handler = fastifyApolloHandler<GatewayContext>(graph.apollo, {
    context: async (request, reply) => {
      try {
        return await gatewayContextOf(request, requests);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (error.code === 'INVALID_DPOP_PROOF') void reply.header(...proofChallengeOf(error));
        throw refusalOf(error);
      }
    },
  });
  const refuseLargeDocuments = async (request: FastifyRequest) => {
    const document = documentOf(request);
    if (document && Buffer.byteLength(document) > operationLimits.maxDocumentBytes) {
      throw new GraphQLResultTooLarge();
    }
  };
  app.route({
    method: ['GET', 'POST'],
    url: '/graphql',
    onRequest: async (request, reply) => {
      if (explorer && wantsExplorer(request)) return sendExplorer(reply);
    },
    preValidation: refuseLargeDocuments,
    onSend: capAnswer,
    handler,
  });
}

/**
 * The largest answer /graphql sends (decisions: Cost of an operation): the cost bound refuses most operations
 * that would pass it before they run; one that still does is answered with this error instead of its bytes.
 */
export const maxAnswerBytes = 8 * 1024 * 1024;

async function capAnswer(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (typeof payload !== 'string' || payload.length <= maxAnswerBytes / 4) return payload;
  if (Buffer.byteLength(payload) <= maxAnswerBytes) return payload;
  const error = new AnswerTooLargeError(maxAnswerBytes);
  void reply.code(httpStatusOf(error.code)).type('application/json');
  return JSON.stringify({ errors: [{ message: error.message, extensions: { code: error.code } }] });
}

class GraphQLResultTooLarge extends AppError {
  readonly code = 'BAD_REQUEST';
  constructor() {
    super(`query: document exceeds ${operationLimits.maxDocumentBytes} bytes`);
  }
}
