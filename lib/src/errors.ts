/**
 * One error hierarchy for every service. Each condition has a stable code; the HTTP status it maps to
 * travels with it in GraphQL `extensions`, so the REST layer maps errors in one table (statusCode).
 */
export abstract class AppError extends Error {
  abstract readonly code: string;
  abstract readonly statusCode: number;
  readonly details?: Record<string, unknown>;

  constructor(message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = new.target.name;
    this.details = details;
  }

  /** graphql-js copies `extensions` of an original error into the GraphQL error. */
  get extensions(): Record<string, unknown> {
    return { code: this.code, statusCode: this.statusCode, ...this.details };
  }
}

export interface FieldProblem {
  path: string;
  message: string;
}

export class ValidationError extends AppError {
  readonly code = 'BAD_USER_INPUT';
  readonly statusCode = 400;
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

export class SessionNotFoundError extends AppError {
  readonly code = 'SESSION_NOT_FOUND';
  readonly statusCode = 400;
  constructor() {
    super('Session expired or not found');
  }
}

export class UnauthenticatedError extends AppError {
  readonly code = 'UNAUTHENTICATED';
  readonly statusCode = 401;
  constructor(message = 'Invalid or missing token') {
    super(message);
  }
}

export class InvalidCredentialsError extends AppError {
  readonly code = 'INVALID_CREDENTIALS';
  readonly statusCode = 401;
  constructor() {
    super('Invalid email or password');
  }
}

export class RefreshTokenReuseError extends AppError {
  readonly code = 'REFRESH_TOKEN_REUSE';
  readonly statusCode = 401;
  constructor() {
    super('Refresh token reuse detected');
  }
}

export class ForbiddenError extends AppError {
  readonly code = 'FORBIDDEN';
  readonly statusCode = 403;
  constructor(message = 'Insufficient permissions') {
    super(message);
  }
}

export class NotFoundError extends AppError {
  readonly code = 'NOT_FOUND';
  readonly statusCode = 404;
}

export class ConflictError extends AppError {
  readonly code = 'CONFLICT';
  readonly statusCode = 409;
}

export class RateLimitedError extends AppError {
  readonly code = 'RATE_LIMITED';
  readonly statusCode = 429;
  constructor(readonly retryAfterSeconds: number) {
    super('Rate limit exceeded', { retryAfter: retryAfterSeconds });
  }
}

export class ServiceUnavailableError extends AppError {
  readonly code = 'SERVICE_UNAVAILABLE';
  readonly statusCode = 503;
  constructor() {
    super('Service temporarily unavailable');
  }
}

/** Codes that graphql-js or Apollo put on errors it raises itself, with the HTTP status they mean. */
const frameworkStatus: Record<string, number> = {
  GRAPHQL_PARSE_FAILED: 400,
  GRAPHQL_VALIDATION_FAILED: 400,
  BAD_USER_INPUT: 400,
  BAD_REQUEST: 400,
  PERSISTED_QUERY_NOT_FOUND: 400,
  OPERATION_RESOLUTION_FAILURE: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
};

/** The HTTP status for a GraphQL error's extensions: the one place codes become statuses. */
export function statusOfExtensions(extensions: Record<string, unknown> | undefined): number {
  const status = extensions?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 600) return status;
  const code = typeof extensions?.code === 'string' ? extensions.code : '';
  return frameworkStatus[code] ?? 500;
}

/** An error that already crossed the graph as a formatted GraphQL error; it keeps its code and status. */
export class GraphQLResultError extends AppError {
  readonly code: string;
  readonly statusCode: number;
  constructor(formatted: { message: string; extensions?: Record<string, unknown> }) {
    const { code, statusCode: _status, ...details } = formatted.extensions ?? {};
    super(formatted.message, details);
    this.code = typeof code === 'string' ? code : 'INTERNAL_SERVER_ERROR';
    this.statusCode = statusOfExtensions(formatted.extensions);
  }
}
