import { isObjectType, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import { refuseMalformedInput } from '../validation.js';

type Resolver = GraphQLFieldResolver<unknown, unknown>;

function checked(resolve: Resolver): Resolver {
  return (source, args, context, info) => {
    refuseMalformedInput(args);
    return resolve(source, args, context, info);
  };
}

/**
 * Every field that takes arguments refuses, before it runs, arguments that break the one input rule
 * (lib/src/validation.ts, inputProblem): not every argument passes a zod schema (ids and codes looked up as
 * they are, a login's e-mail), and text with NUL reaching PostgreSQL would answer 500. Fields without
 * arguments (most of a page's fields) are left as they are, at no cost.
 */
export function checkArgumentsOfEveryField(schema: GraphQLSchema): void {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      if (field.args.length === 0) continue;
      if (field.subscribe) field.subscribe = checked(field.subscribe);
      else if (field.resolve) field.resolve = checked(field.resolve);
    }
  }
}
