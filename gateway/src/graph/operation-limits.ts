import { Kind, type ASTVisitor, type ValidationContext, type ValidationRule } from 'graphql';
import { graphQLErrorOf } from '@platform/lib/graphql/error-boundary';
import {
  OperationTooDeepError,
  TooManyAliasesError,
  TooManyDirectivesError,
  type OperationRefusedError,
} from './graph.errors.js';

/** Hardening limits (decisions: GraphQL), refused at validation, before any resolver runs. */
export const operationLimits = { maxDepth: 12, maxAliases: 100, maxDirectives: 60, maxDocumentBytes: 100 * 1024 };

function refuse(context: ValidationContext, refusal: OperationRefusedError): void {
  context.reportError(graphQLErrorOf(refusal));
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
          refuse(context, new OperationTooDeepError(operationLimits.maxDepth));
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
          refuse(context, new TooManyAliasesError(operationLimits.maxAliases));
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
          refuse(context, new TooManyDirectivesError(operationLimits.maxDirectives));
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
