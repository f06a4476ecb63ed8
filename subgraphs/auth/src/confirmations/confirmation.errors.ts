import { AppError, ForbiddenError } from '@platform/lib/errors';

/** Unknown and another user's confirmation answer the same, so an id reveals nothing (decisions). */
export class ConfirmationNotFoundError extends AppError {
  readonly code = 'CONFIRMATION_NOT_FOUND';
  constructor() {
    super('Confirmation not found');
  }
}

/** Already approved or rejected (decisions: Confirmation verify or reject when not pending). */
export class ConfirmationAlreadyUsedError extends AppError {
  readonly code = 'CONFIRMATION_ALREADY_USED';
  constructor() {
    super('Action confirmation token already used');
  }
}

export class ConfirmationExpiredError extends AppError {
  readonly code = 'CONFIRMATION_EXPIRED';
  constructor() {
    super('Action confirmation expired');
  }
}

/** decisions: Trust level, a sensitive action type approved with a biometric bearer of trust `low`. */
export class InsufficientTrustLevelError extends ForbiddenError {
  constructor() {
    super('Insufficient trust level');
  }
}

/**
 * The number named at verify is not the one the web page showed (issue 27, item 2): the confirmation is rejected
 * with reason `number_mismatch`, one chance as Okta Verify gives.
 */
export class NumberMismatchError extends AppError {
  readonly code = 'NUMBER_MISMATCH';
  constructor() {
    super('The number does not match: the confirmation was rejected');
  }
}
