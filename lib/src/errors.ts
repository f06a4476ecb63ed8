/**
 * One error hierarchy for every service (docs/architecture.md, "An error"). Each class is one condition with a
 * stable code; GraphQL clients read the code in `extensions.code`, and the edge decides each code's HTTP status
 * in one table (gateway/src/edge/http-status.ts). Feature conditions live in the feature's `*.errors.ts`; this
 * file holds the categories and the conditions every service shares.
 */
export abstract class AppError extends Error {
  abstract readonly code: string;
  readonly details?: Record<string, unknown>;

  constructor(message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = new.target.name;
    this.details = details;
  }

  /** graphql-js copies `extensions` of an original error into the GraphQL error. */
  get extensions(): Record<string, unknown> {
    return { code: this.code, ...this.details };
  }
}

export interface FieldProblem {
  path: string;
  message: string;
}

/** Input refused before anything is written; the message names the field (decisions: Everywhere). */
export class ValidationError extends AppError {
  readonly code = 'BAD_USER_INPUT';
  constructor(
    message: string,
    readonly errors: FieldProblem[] = [],
  ) {
    super(message, errors.length > 0 ? { errors } : undefined);
  }

  static field(path: string, rule: string): ValidationError {
    return new ValidationError(`${path}: ${rule}`, [{ path, message: rule }]);
  }
}

/**
 * The request's credentials were not accepted. GraphQL's conventional code for every such condition, so that a
 * client re-authenticates on one code; each subclass is one reason, with the message the specification fixes.
 */
export abstract class UnauthenticatedError extends AppError {
  readonly code = 'UNAUTHENTICATED';
}

/** The caller is known but may not do this; one code, each subclass one reason. */
export abstract class ForbiddenError extends AppError {
  readonly code = 'FORBIDDEN';
}

/** The record does not exist or is not the caller's to see; one code, each subclass one kind of record. */
export abstract class NotFoundError extends AppError {
  readonly code = 'NOT_FOUND';
}

/** The write would break a uniqueness rule; one code, each subclass one rule. */
export abstract class ConflictError extends AppError {
  readonly code = 'CONFLICT';
}

export class RateLimitedError extends AppError {
  readonly code = 'RATE_LIMITED';
  constructor(readonly retryAfterSeconds: number) {
    super('Rate limit exceeded', { retryAfter: retryAfterSeconds });
  }
}

/** A store this request needs is out of reach: fail closed and fast (decisions: outages). */
export class ServiceUnavailableError extends AppError {
  readonly code = 'SERVICE_UNAVAILABLE';
  constructor() {
    super('Service temporarily unavailable');
  }
}

/** An error that already crossed the graph as a formatted GraphQL error: it keeps the code it was given there. */
export class GraphQLResultError extends AppError {
  readonly code: string;
  constructor(formatted: { message: string; extensions?: Record<string, unknown> }) {
    const { code, statusCode: _status, ...details } = formatted.extensions ?? {};
    super(formatted.message, details);
    this.code = typeof code === 'string' ? code : 'INTERNAL_SERVER_ERROR';
  }
}
