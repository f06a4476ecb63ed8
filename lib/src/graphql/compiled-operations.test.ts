import { GraphQLError, parse } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { exampleSchema } from '../../../test/example-schema.js';
import { CompiledOperations } from './compiled-operations.js';

const context = { prefix: 'item: ' };
const itemsQuery = 'query Items($names: [String!]) { items(names: $names) { name label } }';

describe('compiled operations', () => {
  const both = async (query: string, variables?: Record<string, unknown>) => {
    const operations = new CompiledOperations(exampleSchema);
    const document = parse(query);
    return {
      compiled: await operations.compile(document, undefined)(variables, context),
      interpreted: await operations.interpreted(document, undefined)(variables, context),
    };
  };

  it("answer what graphql-js answers: the data, and a resolver's error with its path and extensions", async () => {
    const read = await both(itemsQuery, { names: ['a', 'b'] });
    expect(read.compiled).toEqual({
      data: {
        items: [
          { name: 'a', label: 'item: a' },
          { name: 'b', label: 'item: b' },
        ],
      },
    });
    expect(read.compiled).toEqual(read.interpreted);

    const refused = await both('{ missing { name } }');
    expect(refused.compiled.data).toEqual({ missing: null });
    expect(refused.compiled.errors?.map((error) => error.toJSON())).toEqual([
      {
        message: 'Item not found',
        locations: [{ line: 1, column: 3 }],
        path: ['missing'],
        extensions: { code: 'NOT_FOUND' },
      },
    ]);
    expect(refused.compiled.errors?.map((error) => error.toJSON())).toEqual(
      refused.interpreted.errors?.map((error) => error.toJSON()),
    );
  });

  it('answer a getter that throws (a field without resolver) with its error, never a rejection', async () => {
    const { compiled, interpreted } = await both('{ broken { name } }');
    expect(compiled.errors?.map((error) => [error.message, error.originalError?.message])).toEqual([
      ['a getter that fails', 'a getter that fails'],
    ]);
    // The one answer graphql-jit gives differently (the operation's error, not the field's): compiled it was.
    expect([compiled.data, interpreted.data]).toEqual([undefined, { broken: null }]);
  });

  it("give an error that is not ours graphql-js's shape: extensions an object, the original error kept", async () => {
    const { compiled, interpreted } = await both('{ failing }');
    const [error] = compiled.errors ?? [];
    expect(error).toBeInstanceOf(GraphQLError);
    expect(error?.extensions).toEqual({});
    expect((error?.originalError as { code?: string } | undefined)?.code).toBe('ECONNREFUSED');
    expect(compiled.errors?.map((each) => each.toJSON())).toEqual(interpreted.errors?.map((each) => each.toJSON()));
  });

  it.each([
    [
      'a variable omitted inside an input literal',
      'query ($n: String, $p: String) { echo(input: { name: $n, parentId: $p }) }',
      { n: 'a' },
    ],
    [
      'an input field that is undefined',
      'query ($input: EchoInput) { echo(input: $input) }',
      { input: { name: 'a', parentId: undefined } },
    ],
    ['an omitted required variable with a default', 'query ($limit: Int! = 20) { limited(limit: $limit) }', {}],
  ])('answer %s as graphql-js does', async (_case, query, variables) => {
    const { compiled, interpreted } = await both(query, variables);
    expect(interpreted.errors).toBeUndefined();
    expect(compiled).toEqual(interpreted);
  });

  it('run a document by graphql-js once, and compiled from its second run on', async () => {
    const operations = new CompiledOperations(exampleSchema);
    const compile = vi.spyOn(operations, 'compile');
    const page = parse(itemsQuery);
    const answers = [];
    for (let run = 1; run <= 3; run += 1)
      answers.push(await operations.execution(page, 'Items')({ names: ['a'] }, context));
    expect(compile).toHaveBeenCalledTimes(1);
    expect(answers).toEqual(Array(3).fill({ data: { items: [{ name: 'a', label: 'item: a' }] } }));

    // A document run once, as each of a stream of distinct operations is, is never compiled.
    await operations.execution(parse('{ items(names: []) { name } }'), undefined)(undefined, context);
    expect(compile).toHaveBeenCalledTimes(1);
  });
});
