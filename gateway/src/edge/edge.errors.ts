import { ForbiddenError } from '@platform/lib/errors';

/** A browser origin outside ALLOWED_ORIGINS (decisions: Browser origins). */
export class OriginNotAllowedError extends ForbiddenError {
  constructor() {
    super('Origin not allowed');
  }
}
