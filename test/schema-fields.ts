import { GraphQLObjectType, type GraphQLField, type GraphQLSchema } from 'graphql';

/** A field of an object type of the schema, by the type's and the field's names (a test's own mistake throws). */
export function fieldOf(schema: GraphQLSchema, type: string, name: string): GraphQLField<unknown, unknown> {
  const found = schema.getType(type);
  if (!(found instanceof GraphQLObjectType)) throw new Error(`no object type ${type}`);
  const field = found.getFields()[name];
  if (!field) throw new Error(`no field ${type}.${name}`);
  return field;
}

/** The fields among `fields` that have a resolver of their own (type-graphql's per-field wrapper, or ours). */
export function resolvedAmong(
  schema: GraphQLSchema,
  fields: readonly (readonly [type: string, name: string])[],
): string[] {
  return fields
    .filter(([type, name]) => fieldOf(schema, type, name).resolve !== undefined)
    .map(([t, n]) => `${t}.${n}`);
}
