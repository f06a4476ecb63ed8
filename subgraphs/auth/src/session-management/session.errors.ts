import { NotFoundError } from '@platform/lib/errors';

/** Unknown, already ended, or another user's session: one answer, so ids of others' sessions reveal nothing. */
export class SignInSessionNotFoundError extends NotFoundError {
  constructor() {
    super('Session not found');
  }
}
