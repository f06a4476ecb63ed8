import { AppError } from '@platform/lib/errors';

/** The IETF httpapi Idempotency-Key draft: a key reused with another request body is 422. */
export class IdempotencyKeyReusedError extends AppError {
  readonly code = 'IDEMPOTENCY_KEY_REUSED';
  constructor() {
    super('Idempotency-Key was already used with another request');
  }
}

/** The draft's 409: the first request with this key has not finished; retry later. */
export class IdempotencyKeyInUseError extends AppError {
  readonly code = 'IDEMPOTENCY_KEY_IN_USE';
  constructor() {
    super('A request with this Idempotency-Key is still in progress');
  }
}
