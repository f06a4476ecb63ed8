import { GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLSchema, GraphQLString } from 'graphql';
import { NotFoundError } from '@platform/lib/errors';

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

/**
 * A small schema for tests of execution: `items` (data through a resolver reading the context's `prefix`),
 * `missing` (a domain error, NOT_FOUND) and `broken` (a field without resolver whose getter throws).
 */
export const exampleSchema = new GraphQLSchema({
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
