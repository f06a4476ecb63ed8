/**
 * One error hierarchy for every service (docs/architecture.md, "An error"). Each class is one condition with a
 * stable code from the closed set below; GraphQL clients read the code in `extensions.code`, and the edge decides
 * each code's HTTP status in one table (gateway/src/http/http-status.ts), typed against the set so that a code
 * without a status fails the type-check. Feature conditions live in the feature's `*.errors.ts`; this file holds
 * the codes, the categories and the conditions every service shares.
 */

/** Codes that graphql-js, Apollo Server and the gateway's document checks put on errors they raise. */
export const frameworkErrorCodes = [
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
  'INTERNAL_SERVER_ERROR',
] as const;

/** Codes of our error classes (this file, every feature's `*.errors.ts`, the edge's and the REST adapters'). */
export const appErrorCodes = [
  'BAD_USER_INPUT',
  'SESSION_NOT_FOUND',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'REFRESH_TOKEN_REUSE',
  'INVALID_SIGNATURE',
  'INVALID_DPOP_PROOF',
  'NUMBER_MISMATCH',
  'PASSKEY_VERIFICATION_FAILED',
  'FORBIDDEN',
  'NOT_FOUND',
  'DEVICE_NOT_FOUND',
  'FILE_NOT_FOUND',
  'CONFIRMATION_NOT_FOUND',
  'PASSKEY_NOT_FOUND',
  'CONFLICT',
  'DEVICE_ALREADY_REGISTERED',
  'DEVICE_LIMIT_REACHED',
  'IDEMPOTENCY_KEY_IN_USE',
  'CONFIRMATION_ALREADY_USED',
  'CONFIRMATION_EXPIRED',
  'FILE_TOO_LARGE',
  'UPLOAD_TOO_LARGE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RESPONSE_TOO_LARGE',
  'IDEMPOTENCY_KEY_REUSED',
  'RATE_LIMITED',
  'PRECONDITION_FAILED',
  'SERVICE_UNAVAILABLE',
] as const;

export type FrameworkErrorCode = (typeof frameworkErrorCodes)[number];
export type AppErrorCode = (typeof appErrorCodes)[number];
export type ErrorCode = FrameworkErrorCode | AppErrorCode;

const errorCodes: ReadonlySet<string> = new Set<ErrorCode>([...frameworkErrorCodes, ...appErrorCodes]);

/** Whether a code read off the wire (a formatted GraphQL error) is one of ours. */
export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && errorCodes.has(code);
}

export abstract class AppError extends Error {
  abstract readonly code: ErrorCode;
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

/**
 * How soon a client may try again after a 503: a Redis failover lasts a few seconds (decisions: Beyond one host),
 * and an outage's requests cost the platform next to nothing.
 */
export const unavailableRetryAfterSeconds = 1;

/**
 * The record is no longer the version the caller named (`If-Match`, or the `updatedAt` a write was given): nothing is
 * written (RFC 9110, 13.1.1). Raised by the REST layer's check before a write and by a write's own check under the
 * row's lock.
 */
export class PreconditionFailedError extends AppError {
  readonly code = 'PRECONDITION_FAILED';
  constructor() {
    super('Precondition failed');
  }
}

/**
 * A store this request needs is out of reach: fail closed and fast (decisions: outages), with `Retry-After`
 * (the edge's error handler sets it from `retryAfter`, on REST and through the graph alike).
 */
export class ServiceUnavailableError extends AppError {
  readonly code = 'SERVICE_UNAVAILABLE';
  constructor() {
    super('Service temporarily unavailable', { retryAfter: unavailableRetryAfterSeconds });
  }
}

/**
 * What a client sees of an unexpected error, which is logged where it is caught (the error boundaries, the
 * edge's error handler): never thrown for a condition of its own.
 */
export class InternalServerError extends AppError {
  readonly code = 'INTERNAL_SERVER_ERROR';
  constructor() {
    super('Internal server error');
  }
}

/**
 * An error that already crossed the graph as a formatted GraphQL error: it keeps the code it was given there; a
 * code outside the set (which the gateway masks before it gets here) is an internal error, status 500 as before.
 */
export class GraphQLResultError extends AppError {
  readonly code: ErrorCode;
  constructor(formatted: { message: string; extensions?: Record<string, unknown> }) {
    const { code, statusCode: _status, ...details } = formatted.extensions ?? {};
    super(formatted.message, details);
    this.code = isErrorCode(code) ? code : 'INTERNAL_SERVER_ERROR';
  }
}
