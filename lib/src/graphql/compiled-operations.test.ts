import { parse } from 'graphql';
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
    const { compiled } = await both('{ broken { name } }');
    expect(compiled.errors?.map((error) => [error.message, error.originalError?.message])).toEqual([
      ['a getter that fails', 'a getter that fails'],
    ]);
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
