import { AppError } from '@platform/lib/errors';

/** An operation over one of the gateway's bounds, refused before anything runs: GraphQL's validation code. */
export abstract class OperationRefusedError extends AppError {
  readonly code = 'GRAPHQL_VALIDATION_FAILED';
}

/** Hardening limits (decisions: GraphQL). */
export class OperationTooDeepError extends OperationRefusedError {
  constructor(maxDepth: number) {
    super(`Operation exceeds the maximum depth of ${maxDepth}`);
  }
}

export class TooManyAliasesError extends OperationRefusedError {
  constructor(maxAliases: number) {
    super(`Operation exceeds the maximum of ${maxAliases} aliases`);
  }
}

export class TooManyDirectivesError extends OperationRefusedError {
  constructor(maxDirectives: number) {
    super(`Operation exceeds the maximum of ${maxDirectives} directives`);
  }
}

/** The cost bound (decisions: Cost of an operation). */
export class OperationTooCostlyError extends OperationRefusedError {
  constructor(cost: number, maxCost: number) {
    super(`Operation costs ${cost}, over the maximum of ${maxCost}`);
  }
}

/** The gateway executes subscriptions only over graphql-ws; over HTTP one is a client's mistake. */
export class SubscriptionOverHttpError extends AppError {
  readonly code = 'BAD_REQUEST';
  constructor() {
    super('Subscriptions are served over graphql-ws (a WebSocket) on this path');
  }
}
