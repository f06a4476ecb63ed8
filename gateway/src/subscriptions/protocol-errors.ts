import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { areGraphQLErrors } from 'graphql-ws';

/**
 * graphql-ws accepts onSubscribe errors only as `instanceof GraphQLError` of the graphql copy it loaded
 * itself. Under a test runner that gives our code another copy, errors are rebuilt with the
 * class graphql-ws recognises; in production the first candidate is already it.
 */
const require = createRequire(import.meta.url);
const esmEntry = pathToFileURL(require.resolve('graphql').replace(/index\.js$/, 'index.mjs')).href;
const candidates: (typeof GraphQLError)[] = [
  GraphQLError,
  ((await import(esmEntry)) as typeof import('graphql')).GraphQLError,
  (require('graphql') as typeof import('graphql')).GraphQLError,
];
const ProtocolError = candidates.find((candidate) => areGraphQLErrors([new candidate('probe')])) ?? GraphQLError;

export function protocolErrors(errors: readonly GraphQLError[]): GraphQLError[] {
  return errors.map((error: GraphQLError) =>
    areGraphQLErrors([error])
      ? error
      : new ProtocolError(error.message, {
          nodes: error.nodes,
          source: error.source,
          positions: error.positions,
          path: error.path,
          extensions: error.extensions,
        }),
  );
}

/**
 * Errors already through the gateway's error boundary, as graphql-ws sends them: each is a GraphQLError of the
 * class it recognises (it calls `toJSON()` on every error of a result, and a plain object closed the whole socket
 * with 4500), and serialises to exactly the formatted error, so the socket answers what HTTP answers.
 */
export function formattedProtocolErrors(errors: readonly GraphQLFormattedError[]): GraphQLError[] {
  return errors.map((formatted) =>
    Object.assign(new ProtocolError(formatted.message, { path: formatted.path, extensions: formatted.extensions }), {
      toJSON: () => formatted,
    }),
  );
}
