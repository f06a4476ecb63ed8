import {
  execute,
  getOperationAST,
  locatedError,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
} from 'graphql';
import { compileQuery, isCompiledQuery } from 'graphql-jit';

export type Variables = Record<string, unknown> | undefined;

/** One operation of a schema, run per request with its variables and context. */
export type Execution = (variables: Variables, contextValue: unknown) => Promise<ExecutionResult>;

/** A document seen once (the operation it was run for), then its compiled form from its second run. */
interface Seen {
  operationName: string | undefined;
  compiled?: Execution;
}

/**
 * A subgraph's operations, validated before they get here, executed by graphql-js the first time and compiled by
 * graphql-jit from their second run on (decisions: issue 29, round seven): the same resolvers, type-graphql
 * middlewares, scalars and errors, without graphql-js's walk of the document per request (field collection,
 * argument coercion, completion per field), which a dashboard's page of some 20,000 fields paid on every request.
 * The documents that come again are the gateway's (one per cached plan, the edge's fixed operations): a document
 * run once, such as each of a stream of distinct operations, costs graphql-js's execution only, never a
 * compilation (1.1-9.3 ms a document on this machine). A document graphql-jit refuses, and a subscription (its
 * events are compiled by the subscriptions' own CompiledSelections), stay with graphql-js. graphql-jit reads a field
 * without a resolver (the pages' plain fields) as a bare property, so a getter that throws escapes its execution
 * where graphql-js would answer the field's error: that error is the operation's here, through the caller's error
 * boundary, never a rejection (a mutation is never executed twice to find out more).
 */
export class CompiledOperations {
  /** Kept as long as their document is (the gateway's plan cache, the edge's routes). */
  private readonly seen = new WeakMap<DocumentNode, Seen>();

  constructor(private readonly schema: GraphQLSchema) {}

  /** The document's execution: graphql-js on its first run, compiled from its second. */
  execution(document: DocumentNode, operationName: string | undefined): Execution {
    const seen = this.seen.get(document);
    if (!seen) {
      this.seen.set(document, { operationName });
      return this.interpreted(document, operationName);
    }
    if (seen.operationName !== operationName) return this.interpreted(document, operationName);
    seen.compiled ??= this.compile(document, operationName);
    return seen.compiled;
  }

  /** Compiled now: for an operation known to come again (the edge's fixed operations). */
  compile(document: DocumentNode, operationName: string | undefined): Execution {
    const subscription = getOperationAST(document, operationName)?.operation === 'subscription';
    const compiled =
      !subscription && compileQuery(this.schema, document, operationName, { disablingCapturingStackErrors: true });
    if (compiled === false || !isCompiledQuery(compiled)) return this.interpreted(document, operationName);
    return async (variables, contextValue) => {
      try {
        return await compiled.query(undefined, contextValue, variables ?? {});
      } catch (error) {
        return { errors: [locatedError(error, undefined)] };
      }
    };
  }

  interpreted(document: DocumentNode, operationName: string | undefined): Execution {
    return async (variableValues, contextValue) =>
      execute({ schema: this.schema, document, operationName, variableValues, contextValue });
  }
}
