import { AppError, UnauthenticatedError } from '@platform/lib/errors';

/** Unknown e-mail, wrong password, or a disabled or locked account: one answer (auth spec). */
export class InvalidCredentialsError extends AppError {
  readonly code = 'INVALID_CREDENTIALS';
  constructor() {
    super('Invalid email or password');
  }
}

export class InvalidRefreshTokenError extends UnauthenticatedError {
  constructor() {
    super('Invalid refresh token');
  }
}

/** A rotated refresh token presented again: its whole family is revoked (auth spec, Refresh). */
export class RefreshTokenReuseError extends AppError {
  readonly code = 'REFRESH_TOKEN_REUSE';
  constructor() {
    super('Refresh token reuse detected');
  }
}
