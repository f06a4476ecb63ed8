import { GraphQLError } from 'graphql';
import { unavailableIfDatabaseDown } from '../database.js';
import { AppError, InternalServerError } from '../errors.js';
import type { Logger } from '../logger.js';

export interface GraphQLErrorOptions {
  path?: GraphQLError['path'];
  /** Apollo Server answers over HTTP with this status (it removes `extensions.http` before sending). */
  httpStatus?: number;
}

/**
 * The one way a GraphQL error with a code is made: from an error class of ours, so that its code is a member of
 * the closed set (`ErrorCode`) and its message the class's own. `extensions.code` and any details come from the
 * class; nothing else writes a code into a GraphQL error.
 */
export function graphQLErrorOf(error: AppError, options: GraphQLErrorOptions = {}): GraphQLError {
  const http = options.httpStatus === undefined ? {} : { http: { status: options.httpStatus } };
  return new GraphQLError(error.message, {
    path: options.path,
    originalError: error,
    extensions: { ...error.extensions, ...http },
  });
}

/** What a client sees of an unexpected error, once it has been logged. */
export function maskedGraphQLError(path?: GraphQLError['path']): GraphQLError {
  return graphQLErrorOf(new InternalServerError(), { path });
}

/**
 * A subgraph's error boundary: domain errors pass with their code; a lost database becomes
 * 503; anything else is logged and masked, so internals never reach a client.
 */
export function containError(error: GraphQLError, logger: Logger): GraphQLError {
  const original = error.originalError;
  if (!original || original instanceof GraphQLError) return error;
  const known = original instanceof AppError ? original : unavailableIfDatabaseDown(original);
  if (known instanceof AppError) return graphQLErrorOf(known, { path: error.path });
  logger.error({ err: original, path: error.path }, 'unexpected error in resolver');
  return maskedGraphQLError(error.path);
}
