import { AppError } from '@platform/lib/errors';

/** `If-Match` named a version of the record other than its current one: nothing is written (RFC 9110, 13.1.1). */
export class PreconditionFailedError extends AppError {
  readonly code = 'PRECONDITION_FAILED';
  constructor() {
    super('Precondition failed');
  }
}
