import { AppError, ValidationError } from '@platform/lib/errors';

export class FileNotFoundError extends AppError {
  readonly code = 'FILE_NOT_FOUND';
  constructor() {
    super('File not found');
  }
}

/** 25 MB: decisions, Shapes and codes (Files). */
export class FileTooLargeError extends AppError {
  readonly code = 'FILE_TOO_LARGE';
  constructor() {
    super('file: must be at most 25 MB');
  }
}

export class EmptyFileError extends ValidationError {
  constructor() {
    super('file: must not be empty', [{ path: 'file', message: 'must not be empty' }]);
  }
}

export class InvalidFileContentError extends ValidationError {
  constructor() {
    super('contentBase64: must be base64', [{ path: 'contentBase64', message: 'must be base64' }]);
  }
}
