import {
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
} from 'graphql';
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

const echoInput = new GraphQLInputObjectType({
  name: 'EchoInput',
  fields: { name: { type: GraphQLString }, parentId: { type: GraphQLString } },
});

/**
 * A small schema for tests of execution: `items` (data through a resolver reading the context's `prefix`),
 * `missing` (a domain error, NOT_FOUND), `failing` (an error that is not ours, as a lost database's),
 * `broken` (a field without resolver whose getter throws), `echo` (its input as JSON: an absent field is not
 * there, a null one is) and `limited` (a required argument).
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
      failing: {
        type: GraphQLString,
        resolve: () => {
          throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        },
      },
      echo: {
        type: GraphQLString,
        args: { input: { type: echoInput } },
        resolve: (_root, { input }: { input: unknown }) => JSON.stringify(input),
      },
      limited: {
        type: GraphQLInt,
        args: { limit: { type: new GraphQLNonNull(GraphQLInt) } },
        resolve: (_root, { limit }: { limit: number }) => limit,
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
