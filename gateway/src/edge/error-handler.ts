import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { AppError, ValidationError } from '@platform/lib/errors';
import { RouteNotFoundError } from './edge.errors.js';
import { httpStatusOf } from './http-status.js';
import { securityHeaders } from './security-headers.js';

interface ErrorBody {
  message: string;
  statusCode: number;
  errors?: { path: string; message: string }[];
}

function bodyOf(error: FastifyError | AppError): ErrorBody {
  if (error instanceof ValidationError) {
    return { message: error.message, statusCode: 400, ...(error.errors.length ? { errors: error.errors } : {}) };
  }
  if (error instanceof AppError) {
    const errors = error.details?.errors as ErrorBody['errors'];
    return { message: error.message, statusCode: httpStatusOf(error.code), ...(errors ? { errors } : {}) };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { message: 'body: invalid JSON', statusCode: 400 };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { message: 'Request body too large', statusCode: 413 };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { message: 'Unsupported content type', statusCode: 415 };
    default:
      if (error instanceof SyntaxError) return { message: 'body: invalid JSON', statusCode: 400 };
      return { message: 'Internal server error', statusCode: 500 };
  }
}

/** One error body for every path: `{ message, statusCode }` (decisions: Everywhere). */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const body = bodyOf(error);
    if (body.statusCode >= 500 && !(error instanceof AppError)) {
      request.log.error({ err: error }, 'unhandled error');
    }
    const retryAfter = error instanceof AppError ? error.details?.retryAfter : undefined;
    if (typeof retryAfter === 'number') void reply.header('retry-after', String(retryAfter));
    return reply.code(body.statusCode).send(body);
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'Route not found', statusCode: 404 }));
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
    return { message: 'Internal server error', statusCode: 500 };
  }
  const parameter = refusedParameterOf(app, request.method as HTTPMethods, request.raw.url ?? '');
  if (!parameter) return { message: new RouteNotFoundError().message, statusCode: 404 };
  const rule =
    error.code === 'FST_ERR_BAD_URL'
      ? 'must be valid percent-encoded UTF-8'
      : `must be at most ${maxParamLength} characters`;
  return bodyOf(ValidationError.field(parameter, rule));
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
