import { GraphQLError } from 'graphql';
import { unavailableIfDatabaseDown } from '../database.js';
import { AppError } from '../errors.js';
import type { Logger } from '../logger.js';

/**
 * A subgraph's error boundary: domain errors pass with their code; a lost database becomes
 * 503; anything else is logged and masked, so internals never reach a client.
 */
export function containError(error: GraphQLError, logger: Logger): GraphQLError {
  const original = error.originalError;
  if (!original || original instanceof GraphQLError) return error;
  const known = original instanceof AppError ? original : unavailableIfDatabaseDown(original);
  if (known instanceof AppError) {
    return new GraphQLError(known.message, { path: error.path, extensions: known.extensions });
  }
  logger.error({ err: original, path: error.path }, 'unexpected error in resolver');
  return new GraphQLError('Internal server error', {
    path: error.path,
    extensions: { code: 'INTERNAL_SERVER_ERROR' },
  });
}
