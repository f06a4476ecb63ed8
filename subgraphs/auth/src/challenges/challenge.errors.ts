import { AppError } from '@platform/lib/errors';

/** Unknown, expired, already consumed, or made for another user or ceremony: one answer (auth spec). */
export class SessionNotFoundError extends AppError {
  readonly code = 'SESSION_NOT_FOUND';
  constructor() {
    super('Session expired or not found');
  }
}
