import type { GraphQLFormattedError } from 'graphql';
import { statusOfExtensions } from '@platform/lib/errors';
import type { Logger } from '@platform/lib/logger';

const passThroughCodes = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'OPERATION_RESOLUTION_FAILURE',
  'PERSISTED_QUERY_NOT_FOUND',
]);

/**
 * The gateway's error boundary: errors with a known code keep their message and gain `statusCode`; anything
 * else is logged and masked. The REST layer reads `statusCode` back (one mapping, lib/errors.ts).
 */
export function formatGatewayError(logger: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const extensions = formatted.extensions ?? {};
    const statusCode = statusOfExtensions(extensions);
    const code = typeof extensions.code === 'string' ? extensions.code : '';
    const known = statusCode !== 500 || passThroughCodes.has(code);
    if (!known) {
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
    return { ...formatted, extensions: { ...publicExtensions, statusCode } };
  };
}
