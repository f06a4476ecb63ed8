import {
  execute,
  getOperationAST,
  GraphQLError,
  Kind,
  locatedError,
  visit,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
  type SourceLocation,
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
 * middlewares and scalars, without graphql-js's walk of the document per request (field collection, argument
 * coercion, completion per field), which a dashboard's page of some 20,000 fields paid on every request. The
 * documents that come again are the gateway's (one per cached plan, the edge's fixed operations): a document run
 * once, such as each of a stream of distinct operations, costs graphql-js's execution only, never a compilation
 * (1.1-9.3 ms a document on this machine). Where graphql-jit 0.8.9 is known to answer otherwise, graphql-js runs
 * the operation (`answersAsGraphqlJs`), its input is read as graphql-js reads it (`withoutUndefined`) and its errors
 * are graphql-js's (`asGraphqlJsError`). One difference is kept: graphql-jit reads a field without a resolver (the
 * pages' plain fields, read off views) as a bare property, so such a field must not throw. A getter that throws
 * under a synchronous parent becomes the operation's error (not the field's), never a rejection, and a mutation is
 * never executed twice to find out more; under an asynchronous parent graphql-jit would leave the operation
 * unsettled. No view or entity the pages read has such a getter.
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
    const compiled = this.compiledQuery(document, operationName);
    if (!compiled) return this.interpreted(document, operationName);
    return async (variables, contextValue) => {
      try {
        const result = await compiled.query(undefined, contextValue, withoutUndefined(variables) ?? {});
        return result.errors ? { ...result, errors: result.errors.map(asGraphqlJsError) } : result;
      } catch (error) {
        return { errors: [locatedError(error, undefined)] };
      }
    };
  }

  /** Whether `compile` gives graphql-jit's form of the operation (otherwise graphql-js runs it). */
  compiles(document: DocumentNode, operationName: string | undefined): boolean {
    return this.compiledQuery(document, operationName) !== undefined;
  }

  private compiledQuery(document: DocumentNode, operationName: string | undefined) {
    if (!answersAsGraphqlJs(document, operationName)) return undefined;
    const compiled = compileQuery(this.schema, document, operationName, { disablingCapturingStackErrors: true });
    return isCompiledQuery(compiled) ? compiled : undefined;
  }

  interpreted(document: DocumentNode, operationName: string | undefined): Execution {
    return async (variableValues, contextValue) =>
      execute({ schema: this.schema, document, operationName, variableValues, contextValue });
  }
}

/**
 * Whether graphql-jit 0.8.9 answers this operation as graphql-js does; where it is known not to, graphql-js runs it:
 * a subscription (its events are compiled by the subscriptions' own CompiledSelections), and an operation whose
 * variables graphql-jit reads otherwise (`readsVariablesAlike`).
 */
function answersAsGraphqlJs(document: DocumentNode, operationName: string | undefined): boolean {
  const operation = getOperationAST(document, operationName);
  return !!operation && operation.operation !== 'subscription' && readsVariablesAlike(document, operationName);
}

/**
 * Whether graphql-jit 0.8.9 reads the operation's variables as graphql-js does. It does not for a variable inside an
 * input object or list literal, which it passes as null when the variable is omitted where graphql-js leaves the
 * field out (`input: { parentId: $parentId }`, graphql-jit issue 91), nor for a non-null variable with a default,
 * which it refuses when omitted where graphql-js takes the default. Also asked by the subscriptions' compiled
 * selections.
 */
export function readsVariablesAlike(document: DocumentNode, operationName: string | undefined): boolean {
  const operation = getOperationAST(document, operationName);
  if (!operation) return false;
  if (
    operation.variableDefinitions?.some(
      (definition) => definition.defaultValue && definition.type.kind === Kind.NON_NULL_TYPE,
    )
  ) {
    return false;
  }
  let literals = 0;
  let nested = false;
  const entering = () => void (literals += 1);
  const leaving = () => void (literals -= 1);
  visit(document, {
    ObjectValue: { enter: entering, leave: leaving },
    ListValue: { enter: entering, leave: leaving },
    Variable: () => void (nested ||= literals > 0),
  });
  return !nested;
}

/**
 * An absent input field, as graphql-js reads it: a key whose value is undefined is not there (the REST adapters build
 * their variables in code, where an optional field may be undefined); graphql-jit would pass it as null.
 */
function withoutUndefined(variables: Variables): Variables {
  return variables && holdsUndefined(variables) ? (stripped(variables) as Variables) : variables;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;

/** Looked for first, so that the usual variables (parsed JSON, a gateway's coerced values) are not copied. */
function holdsUndefined(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(holdsUndefined);
  if (!isPlainObject(value)) return false;
  for (const key in value) if (value[key] === undefined || holdsUndefined(value[key])) return true;
  return false;
}

function stripped(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripped);
  if (!isPlainObject(value)) return value;
  const kept: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) if (field !== undefined) kept[key] = stripped(field);
  return kept;
}

/**
 * graphql-jit's errors carry no extensions when their original error has none (a lost database, a bug), where
 * graphql-js always gives an object; Apollo Server reads `extensions.code` of every error and fails on it, skipping
 * the error boundary (503 became 500). The same error as graphql-js makes it: message, path, original error,
 * extensions, and graphql-jit's locations. Also used by the subscriptions' compiled selections.
 */
export function asGraphqlJsError(error: GraphQLError): GraphQLError {
  const made = new GraphQLError(error.message, {
    path: error.path,
    originalError: error.originalError,
    extensions: error.extensions,
  });
  (made as { locations?: readonly SourceLocation[] }).locations = error.locations;
  return made;
}
