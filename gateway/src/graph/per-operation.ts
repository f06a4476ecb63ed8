import type { DocumentNode, GraphQLSchema, OperationDefinitionNode } from 'graphql';

/**
 * A value that depends only on an operation's schema and document, computed once per parsed document: Apollo
 * Server reuses one parsed document per query text, so an operation node stands for it (issue 29: walks of the
 * document on every request were a `me`'s largest part of our gateway's own code).
 */
export function perOperation<T>(
  compute: (schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode) => T,
): (schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode) => T {
  const known = new WeakMap<OperationDefinitionNode, { schema: GraphQLSchema; document: DocumentNode; value: T }>();
  return (schema, document, operation) => {
    const found = known.get(operation);
    if (found?.schema === schema && found.document === document) return found.value;
    const value = compute(schema, document, operation);
    known.set(operation, { schema, document, value });
    return value;
  };
}
