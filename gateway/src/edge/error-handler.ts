import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { InvalidDeviceProofError } from '@platform/lib/auth/auth.errors';
import { AppError, InternalServerError, ValidationError } from '@platform/lib/errors';
import {
  InvalidJsonBodyError,
  RequestBodyTooLargeError,
  RouteNotFoundError,
  UnsupportedContentTypeError,
} from './edge.errors.js';
import { errorBodyOf, type ErrorBody } from '../http/http-status.js';
import { securityHeaders } from '../http/security-headers.js';

/** Fastify's own refusals of a body as our error classes; anything else unknown is internal. */
function appErrorOf(error: FastifyError | AppError): AppError {
  if (error instanceof AppError) return error;
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new InvalidJsonBodyError();
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new RequestBodyTooLargeError();
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new UnsupportedContentTypeError();
    default:
      return error instanceof SyntaxError ? new InvalidJsonBodyError() : new InternalServerError();
  }
}

/**
 * The challenge of a refused device proof (RFC 9449 section 7.1), on every path that refuses one (issue 27). A
 * refusal relayed from a subgraph (login, refresh) arrives as its code only: nonces are the edge's, so it is
 * `invalid_dpop_proof`.
 */
export const proofChallengeOf = (error: AppError) =>
  [
    'www-authenticate',
    error instanceof InvalidDeviceProofError ? error.challenge : 'DPoP error="invalid_dpop_proof"',
  ] as const;

/**
 * The headers a refusal carries beside its body: the proof challenge, and `Retry-After` from the error's
 * `retryAfter` (a 429, a 503 of a lost store). Every path that answers an error of ours sets them here: the
 * error handler, and /graphql's context (whose refusals Apollo answers without passing this handler).
 */
export function setRefusalHeaders(reply: FastifyReply, error: AppError): void {
  if (error.code === 'INVALID_DPOP_PROOF') void reply.header(...proofChallengeOf(error));
  const retryAfter = error.details?.retryAfter;
  if (typeof retryAfter === 'number') void reply.header('retry-after', String(retryAfter));
}

/** One error body for every path: `{ message, statusCode }` (decisions: Everywhere). */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const body = errorBodyOf(appErrorOf(error));
    if (body.statusCode >= 500 && !(error instanceof AppError)) {
      request.log.error({ err: error }, 'unhandled error');
    }
    if (error instanceof AppError) setRefusalHeaders(reply, error);
    return reply.code(body.statusCode).send(body);
  });
  app.setNotFoundHandler((_request, reply) => {
    const body = errorBodyOf(new RouteNotFoundError());
    return reply.code(body.statusCode).send(body);
  });
}

/** Longest path parameter the router matches (Fastify's default, stated): longer ones are refused naming it. */
export const maxParamLength = 100;

/** Marks the refused segment of a path, so that the router says which parameter it stands for. */
const refusedSegmentMarker = '~refused~';

function decodes(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

/** The name of the path parameter whose value the router refused, or undefined when no route has one there. */
function refusedParameterOf(app: FastifyInstance, method: HTTPMethods, url: string): string | undefined {
  const [path = ''] = url.split('?');
  const marked = path
    .split('/')
    .map((segment) => (segment.length > maxParamLength || !decodes(segment) ? refusedSegmentMarker : segment));
  const route = app.findRoute({ method, url: marked.join('/') });
  const params = (route?.params ?? {}) as Record<string, string>;
  return Object.keys(params).find((name) => params[name] === refusedSegmentMarker);
}

function frameworkRefusalOf(app: FastifyInstance, error: FastifyError, request: FastifyRequest): ErrorBody {
  if (error.code !== 'FST_ERR_BAD_URL' && error.code !== 'FST_ERR_MAX_PARAM_LENGTH') {
    request.log.error({ err: error }, 'unhandled framework error');
    return errorBodyOf(new InternalServerError());
  }
  const parameter = refusedParameterOf(app, request.method as HTTPMethods, request.raw.url ?? '');
  if (!parameter) return errorBodyOf(new RouteNotFoundError());
  const rule =
    error.code === 'FST_ERR_BAD_URL'
      ? 'must be valid percent-encoded UTF-8'
      : `must be at most ${maxParamLength} characters`;
  return errorBodyOf(ValidationError.field(parameter, rule));
}

/**
 * Fastify answers a malformed URL or an over-long path parameter before any hook runs, with its own body echoing
 * the URL; these answers get every answer's headers and the one error body naming the parameter instead.
 */
export function frameworkErrorHandler(edge: () => FastifyInstance) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const body = frameworkRefusalOf(edge(), error, request);
    void reply.headers(securityHeaders).header('x-request-id', request.id).code(body.statusCode).send(body);
  };
}
