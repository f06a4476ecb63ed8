import { AppError } from '@platform/lib/errors';

/**
 * Any response that fails verification (decisions: WebAuthn finish -> 401): signature, origin, rpId, flags,
 * counter, algorithm, an unknown credential or another user's. One answer, so a credential id reveals nothing.
 */
export class PasskeyVerificationFailedError extends AppError {
  readonly code = 'PASSKEY_VERIFICATION_FAILED';
  constructor() {
    super('Passkey verification failed');
  }
}

/** Unknown and another user's passkey answer the same (decisions: Everywhere). */
export class PasskeyNotFoundError extends AppError {
  readonly code = 'PASSKEY_NOT_FOUND';
  constructor() {
    super('Passkey not found');
  }
}
