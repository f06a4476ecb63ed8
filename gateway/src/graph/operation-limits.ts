import { GraphQLError, Kind, type ASTVisitor, type ValidationContext, type ValidationRule } from 'graphql';

/** Hardening limits (decisions: GraphQL), refused at validation, before any resolver runs. */
export const operationLimits = { maxDepth: 12, maxAliases: 100, maxDirectives: 60, maxDocumentBytes: 100 * 1024 };

function refuse(context: ValidationContext, message: string): void {
  context.reportError(new GraphQLError(message, { extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }));
}

const depthLimit: ValidationRule = (context) => {
  let depth = 0;
  let reported = false;
  return {
    SelectionSet: {
      enter() {
        depth += 1;
        if (depth > operationLimits.maxDepth && !reported) {
          reported = true;
          refuse(context, `Operation exceeds the maximum depth of ${operationLimits.maxDepth}`);
        }
      },
      leave() {
        depth -= 1;
      },
    },
  } satisfies ASTVisitor;
};

const aliasLimit: ValidationRule = (context) => {
  let aliases = 0;
  return {
    Field(node) {
      if (node.alias) aliases += 1;
    },
    Document: {
      leave() {
        if (aliases > operationLimits.maxAliases) {
          refuse(context, `Operation exceeds the maximum of ${operationLimits.maxAliases} aliases`);
        }
      },
    },
  };
};

const directiveLimit: ValidationRule = (context) => {
  let directives = 0;
  return {
    Directive() {
      directives += 1;
    },
    Document: {
      leave() {
        if (directives > operationLimits.maxDirectives) {
          refuse(context, `Operation exceeds the maximum of ${operationLimits.maxDirectives} directives`);
        }
      },
    },
  };
};

export const operationLimitRules: ValidationRule[] = [depthLimit, aliasLimit, directiveLimit];

/** Root fields an operation runs, aliases included: each counts against the per-IP limit. */
export function rootFieldCount(operation: { selectionSet: { selections: readonly { kind: Kind }[] } }): number {
  return operation.selectionSet.selections.filter((selection) => selection.kind === Kind.FIELD).length;
}
