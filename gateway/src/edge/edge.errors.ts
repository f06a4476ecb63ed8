import { AppError, ForbiddenError, NotFoundError, UnauthenticatedError } from '@platform/lib/errors';

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
