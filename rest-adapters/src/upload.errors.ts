import { AppError } from '@platform/lib/errors';

const mebibyte = 1024 * 1024;

/** A route's upload is over its declared limit; refused while parsing, before any operation runs. */
export class UploadTooLargeError extends AppError {
  readonly code = 'UPLOAD_TOO_LARGE';
  constructor(field: string, maxBytes: number) {
    const limit = maxBytes % mebibyte === 0 ? `${maxBytes / mebibyte} MB` : `${maxBytes} bytes`;
    super(`${field}: must be at most ${limit}`);
  }
}
