import type { ApolloServerPlugin } from '@apollo/server';
import {
  getNamedType,
  getNullableType,
  GraphQLList,
  type DocumentNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { getComplexity, type ComplexityEstimator } from 'graphql-query-complexity';
import type { GatewayContext } from '@platform/lib/graphql/context';
import { refusalOf } from './format-error.js';
import { perOperation } from './per-operation.js';
import { OperationTooCostlyError } from './graph.errors.js';

/**
 * What one operation may cost before it runs (decisions: Cost of an operation). Each field costs 1, and a list
 * multiplies what it selects by its size: a page field by its `limit` (or `page.limit`; 20 when not given, the
 * largest default), a page's `data`/`items` once (the page counted them), any other list by an assumed 10.
 * The bound keeps every REST route's operation at its largest page inside it (a test checks them all).
 */
export const costLimits = { maxCost: 150_000, defaultPageSize: 20, assumedListSize: 10 } as const;

const pageItemFields = new Set(['data', 'items']);

function pageSizeOf(args: Record<string, unknown>): number | undefined {
  const page = args.page as { limit?: unknown } | undefined;
  const limit = typeof args.limit === 'number' ? args.limit : page?.limit;
  return typeof limit === 'number' ? limit : undefined;
}

const listSizeEstimator: ComplexityEstimator = ({ type, field, args, childComplexity }) => {
  const isPage = field.args.some((arg) => arg.name === 'limit' || getNamedType(arg.type).name === 'PageInput');
  if (isPage) return 1 + (pageSizeOf(args) ?? costLimits.defaultPageSize) * childComplexity;
  const isList = getNullableType(field.type) instanceof GraphQLList;
  const countedByItsPage = pageItemFields.has(field.name) && type.name.endsWith('Page');
  return 1 + (isList && !countedByItsPage ? costLimits.assumedListSize : 1) * childComplexity;
};

export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> = {},
  operationName?: string,
): number {
  return getComplexity({ schema, query: document, variables, operationName, estimators: [listSizeEstimator] });
}

/**
 * The cost of an operation that declares no variables depends on its schema and document only: computed once per
 * parsed document (`perOperation`). An operation with variables is estimated on each request, with its variables.
 */
const constantCost = perOperation((schema, document, operation) =>
  operationCost(schema, document, {}, operation.name?.value),
);

function costOf(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode | undefined,
  variables: Record<string, unknown>,
  operationName: string | undefined,
): number {
  if (!operation || (operation.variableDefinitions?.length ?? 0) > 0) {
    return operationCost(schema, document, variables, operationName);
  }
  return constantCost(schema, document, operation);
}

/** Refuses an operation over the bound with a clear error, before anything runs (issue 31, item 4). */
export function operationCostPlugin(): ApolloServerPlugin<GatewayContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, operation, request, operationName }) {
          const cost = costOf(schema, document, operation, request.variables ?? {}, operationName ?? undefined);
          if (cost <= costLimits.maxCost) return;
          throw refusalOf(new OperationTooCostlyError(cost, costLimits.maxCost));
        },
      };
    },
  };
}
