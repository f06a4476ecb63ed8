import { execute, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery } from 'graphql-jit';
import { asGraphqlJsError, readsVariablesAlike } from '@platform/lib/graphql/compiled-operations';

/** A subscription operation's selection compiled to one function: an event in, its client's result out. */
export type CompiledSelection = (
  event: unknown,
  context: unknown,
  variables: Record<string, unknown>,
) => ExecutionResult | Promise<ExecutionResult>;

/**
 * The selections of a schema's subscription documents, compiled once per document and operation by graphql-jit
 * (decisions: Live inboxes). graphql-js executes a subscription's selection per event by walking the document
 * again (an execution context, field collection, argument coercion and completion per field), which a job to
 * 5,000 inboxes pays 5,000 times; the compiled function does the same resolution (the schema's own resolvers,
 * middlewares included, the same scalars' serialisation) without the walk. Documents are shared by the socket's
 * CheckedDocuments, so a few compilations serve every inbox; a document gone is compiled no longer (WeakMap).
 * A document graphql-jit refuses (it answers errors or throws), or whose variables it reads otherwise than
 * graphql-js (`readsVariablesAlike`, as for the subgraphs' CompiledOperations), has no compiled form: its caller
 * uses graphql-js. A compiled answer's errors are made as graphql-js makes them (`asGraphqlJsError`).
 * An event whose compiled execution throws (graphql-jit reads a field without a resolver as a bare property, so a
 * throwing getter escapes it, where graphql-js answers the field's error) is executed again by graphql-js, whose
 * answer is then the event's, as before; the selection's resolvers only read.
 */
export class CompiledSelections {
  private readonly compiled = new WeakMap<DocumentNode, Map<string, CompiledSelection | null>>();

  constructor(private readonly schema: GraphQLSchema) {}

  of(document: DocumentNode, operationName: string | undefined): CompiledSelection | null {
    const operations = this.compiled.get(document) ?? new Map<string, CompiledSelection | null>();
    this.compiled.set(document, operations);
    const key = operationName ?? '';
    if (!operations.has(key)) operations.set(key, this.compile(document, operationName));
    return operations.get(key)!;
  }

  private compile(document: DocumentNode, operationName: string | undefined): CompiledSelection | null {
    if (!readsVariablesAlike(document, operationName)) return null;
    try {
      const compiled = compileQuery(this.schema, document, operationName);
      if (!isCompiledQuery(compiled)) return null;
      return (event, context, variables) => {
        const byGraphqlJs = () =>
          execute({
            schema: this.schema,
            document,
            operationName,
            rootValue: event,
            contextValue: context,
            variableValues: variables,
          });
        const asGraphqlJs = (result: ExecutionResult): ExecutionResult =>
          result.errors ? { ...result, errors: result.errors.map(asGraphqlJsError) } : result;
        try {
          const result = compiled.query(event, context, variables);
          return result instanceof Promise ? result.then(asGraphqlJs, byGraphqlJs) : asGraphqlJs(result);
        } catch {
          return byGraphqlJs();
        }
      };
    } catch {
      return null;
    }
  }
}
