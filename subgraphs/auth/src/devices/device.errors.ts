import { AppError } from '@platform/lib/errors';

/** Another user's device answers the same: its existence is never revealed (decisions: Everywhere). */
export class DeviceNotFoundError extends AppError {
  readonly code = 'DEVICE_NOT_FOUND';
  constructor() {
    super('Device not found or inactive');
  }
}

export class DeviceAlreadyRegisteredError extends AppError {
  readonly code = 'DEVICE_ALREADY_REGISTERED';
  constructor() {
    super('Device already registered for this user');
  }
}

export class DeviceLimitReachedError extends AppError {
  readonly code = 'DEVICE_LIMIT_REACHED';
  constructor() {
    super('Device limit reached');
  }
}

export class InvalidSignatureError extends AppError {
  readonly code = 'INVALID_SIGNATURE';
  constructor() {
    super('Invalid signature: signature verification failed');
  }
}
