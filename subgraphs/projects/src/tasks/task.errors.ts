import { NotFoundError, ValidationError } from '@platform/lib/errors';

/** Unknown and deleted tasks answer alike: a deleted task is invisible (decisions: soft delete). */
export class TaskNotFoundError extends NotFoundError {
  constructor() {
    super('Task not found');
  }
}

/** The project named in a create body must exist; a reference in the body is input, hence 400. */
export class UnknownProjectError extends ValidationError {
  constructor() {
    super('projectUniqueCode: project not found', [{ path: 'projectUniqueCode', message: 'project not found' }]);
  }
}

/** The parent must be a live task of the same project (decisions: Shapes and codes, update task parentId). */
export class InvalidParentError extends ValidationError {
  constructor(rule: string) {
    super(`parentId: ${rule}`, [{ path: 'parentId', message: rule }]);
  }
}

/** fileId must be a stored file (decisions: Files). */
export class UnknownTaskFileError extends ValidationError {
  constructor() {
    super('fileId: file not found', [{ path: 'fileId', message: 'file not found' }]);
  }
}
