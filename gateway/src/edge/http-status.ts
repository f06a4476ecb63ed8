/**
 * The HTTP status of every error code, decided here and nowhere else: REST bodies `{ message, statusCode }`,
 * the `statusCode` GraphQL errors carry in `extensions`, and which codes the gateway lets through unmasked.
 * A code missing here is treated as an internal error (masked, logged); a test checks that every code our
 * error classes declare is listed.
 */
/** Codes that graphql-js, Apollo Server and the gateway's document checks put on errors they raise. */
export const frameworkCodeStatus: Readonly<Record<string, number>> = {
  GRAPHQL_PARSE_FAILED: 400,
  GRAPHQL_VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  PERSISTED_QUERY_NOT_FOUND: 400,
  PERSISTED_QUERY_NOT_SUPPORTED: 400,
  OPERATION_RESOLUTION_FAILURE: 400,
  INTERNAL_SERVER_ERROR: 500,
};

/** Codes of our error classes (lib/src/errors.ts, every feature's `*.errors.ts`, the REST adapters'). */
export const appCodeStatus: Readonly<Record<string, number>> = {
  BAD_USER_INPUT: 400,
  SESSION_NOT_FOUND: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  REFRESH_TOKEN_REUSE: 401,
  INVALID_SIGNATURE: 401,
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
  CONFIRMATION_ALREADY_USED: 410,
  CONFIRMATION_EXPIRED: 410,
  FILE_TOO_LARGE: 413,
  UPLOAD_TOO_LARGE: 413,
  RESPONSE_TOO_LARGE: 400,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
};

const statusOfCode: Readonly<Record<string, number>> = { ...frameworkCodeStatus, ...appCodeStatus };

export const knownErrorCodes: ReadonlySet<string> = new Set(Object.keys(statusOfCode));

export function httpStatusOf(code: unknown): number {
  return (typeof code === 'string' ? statusOfCode[code] : undefined) ?? 500;
}
