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
