import { ConflictError, NotFoundError, UnauthenticatedError } from '@platform/lib/errors';

export class UserNotFoundError extends NotFoundError {
  constructor() {
    super('User not found');
  }
}

export class UserEmailTakenError extends ConflictError {
  constructor() {
    super('User with this email already exists');
  }
}

export class EmployeeAlreadyHasUserError extends ConflictError {
  constructor() {
    super('Employee already has a user');
  }
}

/** The account was disabled between a login's challenge and its completion, or before a refresh. */
export class UserInactiveError extends UnauthenticatedError {
  constructor() {
    super('User account is not active');
  }
}
