import type { GraphQLFormattedError } from 'graphql';
import type { Logger } from '@platform/lib/logger';
import { httpStatusOf, knownErrorCodes } from '../edge/http-status.js';

/**
 * The gateway's error boundary: an error whose code the edge knows keeps its message and gains the code's
 * `statusCode`; anything else is logged and masked. The REST layer maps codes through the same table.
 */
export function formatGatewayError(logger: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const extensions = formatted.extensions ?? {};
    const code = extensions.code;
    if (typeof code !== 'string' || !knownErrorCodes.has(code) || code === 'INTERNAL_SERVER_ERROR') {
      if (code !== 'INTERNAL_SERVER_ERROR' || formatted.message !== 'Internal server error') {
        logger.error({ err: error, message: formatted.message, path: formatted.path }, 'unexpected GraphQL error');
      }
      return {
        message: 'Internal server error',
        path: formatted.path,
        extensions: { code: 'INTERNAL_SERVER_ERROR', statusCode: 500 },
      };
    }
    const { serviceName: _serviceName, stacktrace: _stacktrace, ...publicExtensions } = extensions;
    return { ...formatted, extensions: { ...publicExtensions, statusCode: httpStatusOf(code) } };
  };
}
