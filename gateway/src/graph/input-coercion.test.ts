import { parse, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { readProjectFile } from '@platform/lib/project-root';
import { inputRefusalOf } from './input-coercion.js';
import { GraphPlanner } from './planner.js';

const { apiSchema } = new GraphPlanner(readProjectFile('schema', 'supergraph.graphql'));

/** The refusal's message for each request of one parsed document, as Apollo Server hands it to every request. */
function refusalsOf(query: string, variablesOfEachRequest: Record<string, unknown>[]): (string | undefined)[] {
  const document = parse(query);
  const operation = document.definitions.find(
    (definition): definition is OperationDefinitionNode => definition.kind === 'OperationDefinition',
  );
  return variablesOfEachRequest.map((variables) => inputRefusalOf(apiSchema, document, operation, variables)?.message);
}

describe('input coercion of one document across requests', () => {
  const input = (contractValue: string) =>
    `input: { name: "P", contractValue: ${contractValue}, customerId: "C-1", replyDate: "2026-12-15" }`;

  it('refuses a literal it cannot coerce on every request, in the operation and in its fragments', () => {
    const inOperation = `mutation { createProject(${input('9007199254740992')}) { id } }`;
    const [first, second] = refusalsOf(inOperation, [{}, {}]);
    expect(first).toContain('contractValue');
    expect(second).toBe(first);
    const inFragment = 'query { ...Page } fragment Page on Query { projects(limit: 2147483648) { data { id } } }';
    expect(refusalsOf(inFragment, [{}, {}]).map((message) => message !== undefined)).toEqual([true, true]);
  });

  it('checks the variables of each request against the same document', () => {
    const query = `mutation ($value: SafeInt) { createProject(${input('$value')}) { id } }`;
    const refusals = refusalsOf(query, [{ value: 1 }, { value: 2 ** 53 }, { value: 1 }]);
    expect(refusals.map((message) => message !== undefined)).toEqual([false, true, false]);
  });

  it('names the field of a refusal at any depth, in the variables and in the literals', () => {
    const byVariable = 'mutation ($input: CreateProjectInput!) { createProject(input: $input) { id } }';
    const valid = { name: 'P', contractValue: 1, customerId: 'C-1', replyDate: '2026-12-15' };
    expect(
      refusalsOf(byVariable, [
        { input: { ...valid, products: [{ name: 'A' }, { name: ['B'] }] } },
        { input: { ...valid, products: [{ name: 'A', colour: 'red' }] } },
        { input: { ...valid, products: [{ name: 'A', 'not a name': 1 }] } },
        { input: { name: 'P', contractValue: 1, replyDate: '2026-12-15' } },
        { input: { ...valid, participantIds: ['E-1', null] } },
        { input: valid },
      ]),
    ).toEqual([
      'products.1.name: must be a string',
      'products.0.colour: unknown field',
      'products.0: has an unknown field',
      'customerId: is required',
      'participantIds.1: is required',
      undefined,
    ]);
    const inLiteral = `mutation {
      createProject(input: { name: "P", contractValue: 1, customerId: "C-1", replyDate: "2026-12-15",
        products: [{ name: "A" }, { name: 2 }] }) { id }
    }`;
    expect(refusalsOf(inLiteral, [{}])).toEqual(['products.1.name: must be a string']);
  });
});
