import {
  type AppError,
  isErrorCode,
  type AppErrorCode,
  type ErrorCode,
  type FieldProblem,
  type FrameworkErrorCode,
} from '@platform/lib/errors';

/**
 * The HTTP status of every error code, decided here and nowhere else: REST bodies `{ message, statusCode }`,
 * the `statusCode` GraphQL errors carry in `extensions`, and which codes the gateway lets through unmasked.
 * Each table is typed against its part of the closed set of codes (lib/src/errors.ts), so a code without a
 * status fails the type-check; a code from the wire outside the set is an internal error (masked, logged).
 */
export const frameworkCodeStatus: Readonly<Record<FrameworkErrorCode, number>> = {
  GRAPHQL_PARSE_FAILED: 400,
  GRAPHQL_VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  PERSISTED_QUERY_NOT_FOUND: 400,
  PERSISTED_QUERY_NOT_SUPPORTED: 400,
  OPERATION_RESOLUTION_FAILURE: 400,
  INTERNAL_SERVER_ERROR: 500,
};

export const appCodeStatus: Readonly<Record<AppErrorCode, number>> = {
  BAD_USER_INPUT: 400,
  SESSION_NOT_FOUND: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  REFRESH_TOKEN_REUSE: 401,
  INVALID_SIGNATURE: 401,
  INVALID_DPOP_PROOF: 401,
  NUMBER_MISMATCH: 401,
  PASSKEY_VERIFICATION_FAILED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  DEVICE_NOT_FOUND: 404,
  FILE_NOT_FOUND: 404,
  CONFIRMATION_NOT_FOUND: 404,
  PASSKEY_NOT_FOUND: 404,
  CONFLICT: 409,
  DEVICE_ALREADY_REGISTERED: 409,
  DEVICE_LIMIT_REACHED: 409,
  IDEMPOTENCY_KEY_IN_USE: 409,
  CONFIRMATION_ALREADY_USED: 410,
  CONFIRMATION_EXPIRED: 410,
  FILE_TOO_LARGE: 413,
  UPLOAD_TOO_LARGE: 413,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RESPONSE_TOO_LARGE: 400,
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  PRECONDITION_FAILED: 412,
  SERVICE_UNAVAILABLE: 503,
};

const statusOfCode: Readonly<Record<ErrorCode, number>> = { ...frameworkCodeStatus, ...appCodeStatus };

/** The status of a code read off the wire (`extensions.code`): 500 for anything outside the set. */
export function httpStatusOf(code: unknown): number {
  return isErrorCode(code) ? statusOfCode[code] : 500;
}

/** The one REST error body (decisions: Everywhere), with the field problems of a refusal that has them. */
export interface ErrorBody {
  message: string;
  statusCode: number;
  errors?: FieldProblem[];
}

export function errorBodyOf(error: AppError): ErrorBody {
  const errors = error.details?.errors as FieldProblem[] | undefined;
  return { message: error.message, statusCode: statusOfCode[error.code], ...(errors ? { errors } : {}) };
}
