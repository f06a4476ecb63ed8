import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, ValidationError } from '@platform/lib/errors';
import { httpStatusOf } from './http-status.js';

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
