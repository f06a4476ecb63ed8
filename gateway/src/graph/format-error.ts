import type { GraphQLError, GraphQLFormattedError } from 'graphql';
import { InternalServerError, isErrorCode, type AppError } from '@platform/lib/errors';
import { graphQLErrorOf } from '@platform/lib/graphql/error-boundary';
import type { Logger } from '@platform/lib/logger';
import { errorBodyOf, httpStatusOf } from '../http/http-status.js';

/** A refusal raised in the gateway's pipeline (an Apollo plugin, the context), with its code's HTTP status. */
export function refusalOf(error: AppError): GraphQLError {
  return graphQLErrorOf(error, { httpStatus: httpStatusOf(error.code) });
}

const masked = new InternalServerError();

/**
 * The gateway's error boundary: an error whose code the edge knows keeps its message and gains the code's
 * `statusCode`; anything else is logged and masked. The REST layer maps codes through the same table.
 */
export function formatGatewayError(logger: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const extensions = formatted.extensions ?? {};
    const code = extensions.code;
    if (!isErrorCode(code) || code === 'INTERNAL_SERVER_ERROR') {
      if (code !== masked.code || formatted.message !== masked.message) {
        logger.error({ err: error, message: formatted.message, path: formatted.path }, 'unexpected GraphQL error');
      }
      const { message, statusCode } = errorBodyOf(masked);
      return { message, path: formatted.path, extensions: { code: masked.code, statusCode } };
    }
    const { serviceName: _serviceName, stacktrace: _stacktrace, ...publicExtensions } = extensions;
    return { ...formatted, extensions: { ...publicExtensions, statusCode: httpStatusOf(code) } };
  };
}
