import { AppError, UnauthenticatedError } from '@platform/lib/errors';

/** Another user's device answers the same: its existence is never revealed (decisions: Everywhere). */
export class DeviceNotFoundError extends AppError {
  readonly code = 'DEVICE_NOT_FOUND';
  readonly statusCode = 404;
  constructor() {
    super('Device not found or inactive');
  }
}

export class DeviceAlreadyRegisteredError extends AppError {
  readonly code = 'DEVICE_ALREADY_REGISTERED';
  readonly statusCode = 409;
  constructor() {
    super('Device already registered for this user');
  }
}

export class DeviceLimitReachedError extends AppError {
  readonly code = 'DEVICE_LIMIT_REACHED';
  readonly statusCode = 409;
  constructor() {
    super('Device limit reached');
  }
}

export class InvalidSignatureError extends AppError {
  readonly code = 'INVALID_SIGNATURE';
  readonly statusCode = 401;
  constructor() {
    super('Invalid signature: signature verification failed');
  }
}

/** decisions: Device binding; the same message the authenticator gives for a biometric access token. */
export class InvalidBiometricTokenError extends UnauthenticatedError {
  constructor() {
    super('Invalid biometric token');
  }
}
