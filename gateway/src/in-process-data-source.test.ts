import { GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLSchema, GraphQLString, parse } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import type { GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import type { GatewayContext } from '@platform/lib/graphql/context';
import type { Subgraph } from '@platform/lib/graphql/subgraph';
import { NotFoundError } from '@platform/lib/errors';
import { createLogger } from '@platform/lib/logger';
import { InProcessDataSource } from './in-process-data-source.js';

class ItemNotFoundError extends NotFoundError {
  constructor() {
    super('Item not found');
  }
}

const item = new GraphQLObjectType({
  name: 'Item',
  fields: {
    // No resolver: read off the object, as the pages' plain fields are.
    name: { type: new GraphQLNonNull(GraphQLString) },
    label: {
      type: GraphQLString,
      resolve: (value: { name: string }, _args, context: { prefix: string }) => context.prefix + value.name,
    },
  },
});
const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: 'Query',
    fields: {
      items: {
        type: new GraphQLList(item),
        args: { names: { type: new GraphQLList(new GraphQLNonNull(GraphQLString)) } },
        resolve: (_root, { names }: { names: string[] }) => names.map((name) => ({ name })),
      },
      missing: {
        type: item,
        resolve: () => {
          throw new ItemNotFoundError();
        },
      },
      broken: {
        type: item,
        resolve: () => ({
          get name(): string {
            throw new Error('a getter that fails');
          },
        }),
      },
    },
  }),
});
const subgraph = {
  name: 'example',
  schema,
  createContext: (base: GatewayContext) => ({ ...base, prefix: 'item: ' }),
} as unknown as Subgraph;
const context: GatewayContext = {
  request: { requestId: 'compiled', ip: '127.0.0.1', userAgent: null, deviceFingerprint: null },
  caller: null,
  authFailure: null,
};

describe('an operation compiled by the in-process data source', () => {
  const source = new InProcessDataSource({ subgraph, logger: createLogger('silent') });
  const both = async (query: string, variables?: Record<string, unknown>) => {
    const document = parse(query);
    return {
      compiled: await source.compile(document, undefined)(variables, context),
      interpreted: await source.run(document, variables, undefined, context),
    };
  };

  it('answers what graphql-js answers: data through the subgraph context, and a domain error with its code', async () => {
    const read = await both('query Items($names: [String!]) { items(names: $names) { name label } }', {
      names: ['a', 'b'],
    });
    expect(read.compiled).toEqual({
      data: {
        items: [
          { name: 'a', label: 'item: a' },
          { name: 'b', label: 'item: b' },
        ],
      },
      errors: undefined,
    });
    expect(read.compiled).toEqual(read.interpreted);

    const refused = await both('{ missing { name } }');
    expect(refused.compiled.data).toEqual({ missing: null });
    expect(refused.compiled.errors?.map((error) => [error.message, error.extensions])).toEqual([
      ['Item not found', { code: 'NOT_FOUND' }],
    ]);
    expect(refused.compiled.errors?.map((error) => error.toJSON())).toEqual(
      refused.interpreted.errors?.map((error) => error.toJSON()),
    );
  });

  it('answers a failing getter of a field without resolver with the masked error, never a rejection', async () => {
    const { compiled, interpreted } = await both('{ broken { name } }');
    expect(compiled.errors?.map((error) => error.message)).toEqual(['Internal server error']);
    expect(interpreted.errors?.map((error) => error.message)).toEqual(['Internal server error']);
  });

  it("runs a planner's document by graphql-js once, and compiled from its second run on", async () => {
    const source = new InProcessDataSource({ subgraph, logger: createLogger('silent') });
    const compile = vi.spyOn(source, 'compile');
    const fetchOf = (query: string) =>
      ({
        kind: 'incoming operation',
        incomingRequestContext: {},
        request: { query, variables: { names: ['a'] } },
        context,
        document: parse(query),
      }) as unknown as GraphQLDataSourceProcessOptions<GatewayContext>;
    const page = fetchOf('query Page($names: [String!]) { items(names: $names) { label } }');
    const answers = [];
    for (let run = 1; run <= 3; run += 1) answers.push(await source.process(page));
    expect(compile).toHaveBeenCalledTimes(1);
    expect(answers).toEqual(Array(3).fill({ data: { items: [{ label: 'item: a' }] }, errors: undefined }));

    // A document asked once, as each of a stream of distinct operations is, is never compiled.
    await source.process(fetchOf('query Once($names: [String!]) { items(names: $names) { name } }'));
    expect(compile).toHaveBeenCalledTimes(1);
  });
});
