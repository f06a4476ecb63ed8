import {
  getNullableType,
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  parse,
  typeFromAST,
  type GraphQLInputType,
  type OperationDefinitionNode,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { readProjectFile } from '@platform/lib/project-root';
import { restRoutes } from '@platform/rest-adapters/index';
import { costLimits, operationCost, operationCostPlugin } from './operation-cost.js';
import { GraphPlanner } from './planner.js';

const { apiSchema } = new GraphPlanner(readProjectFile('schema', 'supergraph.graphql'));
const cost = (query: string, variables: Record<string, unknown> = {}) =>
  operationCost(apiSchema, parse(query), variables);

/** A value of the type for a variable the cost does not depend on (only list sizes matter). */
function sampleOf(type: GraphQLInputType): unknown {
  const nullable = getNullableType(type);
  if (nullable instanceof GraphQLList) return [sampleOf(nullable.ofType)];
  if (nullable instanceof GraphQLEnumType) return nullable.getValues()[0]!.value;
  if (nullable instanceof GraphQLInputObjectType) {
    const required = Object.values(nullable.getFields()).filter((field) => field.type instanceof GraphQLNonNull);
    return Object.fromEntries(required.map((field) => [field.name, sampleOf(field.type)]));
  }
  return ['Int', 'Float'].includes(nullable.name) ? 1 : nullable.name === 'Boolean' ? true : 'x';
}

/** Every variable of a route's operation, its page sizes at the largest a route accepts (100). */
function largestVariablesOf(query: string): Record<string, unknown> {
  const operation = parse(query).definitions[0]!;
  if (operation.kind !== 'OperationDefinition') return {};
  return Object.fromEntries(
    (operation.variableDefinitions ?? []).map((definition) => {
      const name = definition.variable.name.value;
      const type = typeFromAST(apiSchema, definition.type as never) as GraphQLInputType;
      return [name, name === 'limit' ? 100 : sampleOf(type)];
    }),
  );
}

describe('operation cost', () => {
  it('multiplies a page by its limit, counts its items once, and assumes a size for other lists', () => {
    const one = cost('{ projects(limit: 1) { data { id } } }');
    const hundred = cost('{ projects(limit: 100) { data { id } } }');
    expect(hundred - 1).toBe(100 * (one - 1));
    expect(cost('query ($n: Int) { projects(limit: $n) { data { id } } }', { n: 100 })).toBe(hundred);
    expect(cost('{ projects { data { id } } }')).toBe(1 + costLimits.defaultPageSize * (one - 1));
    expect(cost('{ customers { id name } }')).toBe(1 + costLimits.assumedListSize * 2);
  });

  it('keeps every REST route at its largest page within the bound', () => {
    for (const route of restRoutes) {
      expect(
        cost(route.operation, largestVariablesOf(route.operation)),
        `${route.method} ${route.url}`,
      ).toBeLessThanOrEqual(costLimits.maxCost);
    }
  });

  it('puts 100 aliases of a full page of projects with their documents over the bound', () => {
    const page = 'projects(limit: 100) { data { id name documentFiles { id name path size } products { id } } }';
    const aliases = Array.from({ length: 100 }, (_, index) => `p${index}: ${page}`).join('\n');
    expect(cost(`{ ${aliases} }`)).toBeGreaterThan(costLimits.maxCost);
  });

  it('refuses on every request of one parsed document, a constant one and one whose variables change its cost', async () => {
    const refusals = async (query: string, variablesOfEachRequest: Record<string, unknown>[]) => {
      // Apollo Server hands every request of one query text the same parsed document.
      const document = parse(query);
      const operation = document.definitions[0] as OperationDefinitionNode;
      const refused: boolean[] = [];
      for (const variables of variablesOfEachRequest) {
        // The plugin reads only these of Apollo Server's request context.
        const hooks = await operationCostPlugin().requestDidStart!({} as never);
        const checked = hooks!.didResolveOperation!({
          schema: apiSchema,
          document,
          operation,
          request: { variables },
        } as never);
        refused.push(
          await checked.then(
            () => false,
            () => true,
          ),
        );
      }
      return refused;
    };
    const page = (limit: string) => `projects(limit: ${limit}) { data { id documentFiles { id } products { id } } }`;
    expect(await refusals(`{ ${page('1000000')} }`, [{}, {}])).toEqual([true, true]);
    expect(await refusals(`{ ${page('1')} }`, [{}, {}])).toEqual([false, false]);
    expect(await refusals(`query ($n: Int) { ${page('$n')} }`, [{ n: 1 }, { n: 1_000_000 }, { n: 1 }])).toEqual([
      false,
      true,
      false,
    ]);
  });
});
