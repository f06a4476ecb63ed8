import { ConflictError, ForbiddenError, NotFoundError, UnauthenticatedError } from '@platform/lib/errors';

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

/** A permission the caller may not hand out (decisions: Who grants what). */
export class PermissionNotGrantableError extends ForbiddenError {
  constructor() {
    super('Cannot grant a permission you do not hold');
  }
}

/** Only an admin disables or changes an admin (decisions: Who grants what). */
export class AdminUserProtectedError extends ForbiddenError {
  constructor() {
    super('Only an admin can change an admin');
  }
}
