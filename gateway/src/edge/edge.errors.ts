import { AppError, ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from '@platform/lib/errors';

/** A browser origin outside ALLOWED_ORIGINS (decisions: Browser origins). */
export class OriginNotAllowedError extends ForbiddenError {
  constructor() {
    super('Origin not allowed');
  }
}

/** A path the edge does not serve, over HTTP or as a WebSocket upgrade. */
export class RouteNotFoundError extends NotFoundError {
  constructor() {
    super('Route not found');
  }
}

/** An upgrade request the WebSocket protocol refuses (a missing key, an unsupported version, ...). */
export class InvalidUpgradeError extends AppError {
  readonly code = 'BAD_REQUEST';
  constructor() {
    super('Invalid WebSocket handshake');
  }
}

/** /metrics behind METRICS_TOKEN, asked without it or with another (decisions: Security findings (issue 31)). */
export class MetricsTokenRequiredError extends UnauthenticatedError {
  constructor() {
    super('Metrics token required');
  }
}

/** An answer of /graphql over its byte bound (decisions: Cost of an operation). */
export class AnswerTooLargeError extends AppError {
  readonly code = 'RESPONSE_TOO_LARGE';
  constructor(maxBytes: number) {
    super(`The answer exceeds ${maxBytes} bytes: select fewer fields or a smaller page`);
  }
}

/** A request body Fastify could not parse as JSON (empty or malformed). */
export class InvalidJsonBodyError extends ValidationError {
  constructor() {
    super('body: invalid JSON');
  }
}

/** A request body over the edge's bound (decisions: Hardening). */
export class RequestBodyTooLargeError extends AppError {
  readonly code = 'PAYLOAD_TOO_LARGE';
  constructor() {
    super('Request body too large');
  }
}

/** A request body of a content type no route parses. */
export class UnsupportedContentTypeError extends AppError {
  readonly code = 'UNSUPPORTED_MEDIA_TYPE';
  constructor() {
    super('Unsupported content type');
  }
}

/** /internal/verify asked without a bearer (decisions: /internal/verify). */
export class MissingBearerTokenError extends UnauthenticatedError {
  constructor() {
    super('Missing bearer token');
  }
}

/**
 * /internal/verify refused a token for a reason that has another code elsewhere: forward auth answers every
 * refusal 401 with the reason's message (decisions: /internal/verify).
 */
export class VerificationRefusedError extends UnauthenticatedError {
  constructor(reason: AppError) {
    super(reason.message);
  }
}
