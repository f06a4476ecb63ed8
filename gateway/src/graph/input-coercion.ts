import {
  Kind,
  TypeInfo,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  typeFromAST,
  visit,
  visitWithTypeInfo,
  type ArgumentNode,
  type DocumentNode,
  type GraphQLEnumType,
  type GraphQLInputField,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type GraphQLLeafType,
  type GraphQLScalarType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type ValueNode,
} from 'graphql';
import { GraphQLJSON, GraphQLJSONObject, GraphQLSafeInt } from 'graphql-scalars';
import { ValidationError } from '@platform/lib/errors';
import { perOperation } from './per-operation.js';

/**
 * Inputs the graph's types cannot coerce (out of range, wrong type, unknown or missing fields) are refused here,
 * before anything runs, as BAD_USER_INPUT naming the field and never echoing the value (decisions: Defects
 * (issue 23)). graphql-js's own refusals echo the value, and the supergraph knows the subgraphs' custom scalars
 * only by name (the gateway would pass any value on and the subgraph's refusal would surface as a 500), so each
 * check here uses the scalar's real implementation.
 */

type Path = readonly (string | number)[];

interface Problem {
  path: Path;
  rule: string;
}

/** The subgraphs' custom scalars by the name the supergraph gives them. */
const subgraphScalars: Readonly<Record<string, GraphQLScalarType>> = {
  SafeInt: GraphQLSafeInt,
  JSON: GraphQLJSON,
  JSONObject: GraphQLJSONObject,
};

const scalarRules: Readonly<Record<string, string>> = {
  Int: 'must be an integer from -2147483648 to 2147483647',
  Float: 'must be a finite number',
  String: 'must be a string',
  Boolean: 'must be true or false',
  ID: 'must be a string or an integer',
  SafeInt: `must be an integer from -${Number.MAX_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER}`,
  JSON: 'must be JSON',
  JSONObject: 'must be an object',
};

/** Enum values are the schema's words, safe to list; a long list is named by its type instead. */
const maxListedEnumValues = 20;

/** A client's key is named only when it could be a field name at all: never a long or arbitrary string. */
const nameLike = /^[_A-Za-z][_0-9A-Za-z]{0,63}$/;

function ruleOf(type: GraphQLLeafType): string {
  if (isEnumType(type)) return enumRuleOf(type);
  return scalarRules[type.name] ?? `must be a valid ${type.name}`;
}

function enumRuleOf(type: GraphQLEnumType): string {
  const names = type.getValues().map((value) => value.name);
  return names.length <= maxListedEnumValues ? `must be one of ${names.join(', ')}` : `must be a ${type.name} value`;
}

function parserOf(type: GraphQLLeafType): GraphQLLeafType {
  return isEnumType(type) ? type : (subgraphScalars[type.name] ?? type);
}

/** A problem below a value, its path relative to that value: the walk spells it out only as it returns with one. */
const within = (segment: string | number, problem: Problem): Problem => ({
  path: [segment, ...problem.path],
  rule: problem.rule,
});

/** A leaf's own parser decides; a throw or `undefined` is a refusal (as in graphql-js's coercion). */
function leafProblem(parse: () => unknown, type: GraphQLLeafType): Problem | undefined {
  try {
    if (parse() !== undefined) return undefined;
  } catch {
    // refused: the rule below says why without the value
  }
  return { path: [], rule: ruleOf(type) };
}

function unknownKeyProblem(key: string): Problem {
  return nameLike.test(key) ? { path: [key], rule: 'unknown field' } : { path: [], rule: 'has an unknown field' };
}

function valueProblem(value: unknown, type: GraphQLInputType): Problem | undefined {
  if (isNonNullType(type)) {
    if (value === null || value === undefined) return { path: [], rule: 'is required' };
    return valueProblem(value, type.ofType);
  }
  if (value === null || value === undefined) return undefined;
  if (isListType(type)) {
    // A single value stands for a list of one (GraphQL input coercion).
    if (!Array.isArray(value)) return valueProblem(value, type.ofType);
    for (let index = 0; index < value.length; index += 1) {
      const problem = valueProblem(value[index], type.ofType);
      if (problem) return within(index, problem);
    }
    return undefined;
  }
  if (isInputObjectType(type)) return objectValueProblem(value, type);
  return leafProblem(() => parserOf(type).parseValue(value), type);
}

/** An input type's fields as a list, made once per type: a list of inputs walks the same type for every item. */
const fieldListOf = new WeakMap<GraphQLInputObjectType, GraphQLInputField[]>();

function fieldsOf(type: GraphQLInputObjectType): GraphQLInputField[] {
  let fields = fieldListOf.get(type);
  if (!fields) fieldListOf.set(type, (fields = Object.values(type.getFields())));
  return fields;
}

function objectValueProblem(value: unknown, type: GraphQLInputObjectType): Problem | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { path: [], rule: 'must be an object' };
  }
  const fields = type.getFields();
  const given = value as Record<string, unknown>;
  for (const key of Object.keys(given)) {
    if (!Object.hasOwn(fields, key)) return unknownKeyProblem(key);
  }
  for (const field of fieldsOf(type)) {
    const fieldValue = Object.hasOwn(given, field.name) ? given[field.name] : undefined;
    if (fieldValue === undefined) {
      if (isNonNullType(field.type) && field.defaultValue === undefined) {
        return { path: [field.name], rule: 'is required' };
      }
      continue;
    }
    const problem = valueProblem(fieldValue, field.type);
    if (problem) return within(field.name, problem);
  }
  return undefined;
}

function literalProblem(
  node: ValueNode,
  type: GraphQLInputType,
  variables: Record<string, unknown>,
): Problem | undefined {
  // A variable's value is checked with the variables.
  if (node.kind === Kind.VARIABLE) return undefined;
  if (isNonNullType(type)) {
    if (node.kind === Kind.NULL) return { path: [], rule: 'is required' };
    return literalProblem(node, type.ofType, variables);
  }
  if (node.kind === Kind.NULL) return undefined;
  if (isListType(type)) {
    if (node.kind !== Kind.LIST) return literalProblem(node, type.ofType, variables);
    for (const [index, item] of node.values.entries()) {
      const problem = literalProblem(item, type.ofType, variables);
      if (problem) return within(index, problem);
    }
    return undefined;
  }
  if (isInputObjectType(type)) {
    if (node.kind !== Kind.OBJECT) return { path: [], rule: 'must be an object' };
    const fields = type.getFields();
    for (const field of node.fields) {
      const definition = Object.hasOwn(fields, field.name.value) ? fields[field.name.value] : undefined;
      if (!definition) return unknownKeyProblem(field.name.value);
      const problem = literalProblem(field.value, definition.type, variables);
      if (problem) return within(field.name.value, problem);
    }
    return undefined;
  }
  return leafProblem(() => parserOf(type).parseLiteral(node, variables), type);
}

function variablesProblem(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): Problem | undefined {
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    const type = typeFromAST(schema, definition.type) as GraphQLInputType | undefined;
    // An unknown type is the document's mistake, refused by validation.
    if (!type) continue;
    const value = Object.hasOwn(variables, name) ? variables[name] : undefined;
    if (value === undefined && definition.defaultValue) continue;
    const problem = valueProblem(value, type);
    if (problem) return within(name, problem);
  }
  return undefined;
}

/** An argument written into the document with a value that is not a bare variable, and the type it must have. */
interface ArgumentLiteral {
  node: ArgumentNode;
  type: GraphQLInputType;
}

/** The arguments to check of each operation, found once per parsed document (`perOperation`). */
const argumentLiterals = perOperation((schema, document, operation): ArgumentLiteral[] => {
  const typeInfo = new TypeInfo(schema);
  const literals: ArgumentLiteral[] = [];
  const visitor = visitWithTypeInfo(typeInfo, {
    Argument(node) {
      const type = typeInfo.getInputType();
      // A variable's value is checked with the variables.
      if (type && node.value.kind !== Kind.VARIABLE) literals.push({ node, type });
    },
  });
  // The operation that runs and the fragments (validation refuses unused ones); another operation is not run.
  for (const definition of document.definitions) {
    if (definition === operation || definition.kind === Kind.FRAGMENT_DEFINITION) visit(definition, visitor);
  }
  return literals;
});

/**
 * Arguments written into the document: the custom scalars' literals pass the gateway's validation unchecked. The
 * variables are read by a literal that holds one (a list or object with a variable inside).
 */
function literalsProblem(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): Problem | undefined {
  for (const { node, type } of argumentLiterals(schema, document, operation)) {
    const problem = literalProblem(node.value, type, variables);
    if (problem) return within(node.name.value, problem);
  }
  return undefined;
}

/**
 * The field a problem names, as the services' validation names it: a field inside an input object by its path
 * within that object (`contractValue`, `products.0.name`), a variable or argument of its own by its name (`page`).
 */
function fieldOf(path: Path): string {
  return (path.length > 1 ? path.slice(1) : path).join('.');
}

const refusalOf = (problem: Problem | undefined) =>
  problem ? ValidationError.field(fieldOf(problem.path), problem.rule) : undefined;

/** The first input of the operation that its types refuse, as the one validation error; undefined when none. */
export function inputRefusalOf(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode | null | undefined,
  variables: Record<string, unknown> | undefined,
): ValidationError | undefined {
  if (!operation) return undefined;
  const given = variables ?? {};
  return refusalOf(variablesProblem(schema, operation, given) ?? literalsProblem(schema, document, operation, given));
}

/**
 * The same check split for an operation the server wrote itself: its literals never change, so they are checked
 * once (`literalRefusalOf`, when the operation is compiled) and each request checks its variables only.
 */
export const variableRefusalOf = (
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> | undefined,
) => refusalOf(variablesProblem(schema, operation, variables ?? {}));

export const literalRefusalOf = (schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode) =>
  refusalOf(literalsProblem(schema, document, operation, {}));
