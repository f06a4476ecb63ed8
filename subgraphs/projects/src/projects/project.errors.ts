import { ForbiddenError, NotFoundError, ValidationError } from '@platform/lib/errors';

/** Unknown and deleted projects answer alike: a deleted project is invisible (decisions: soft delete). */
export class ProjectNotFoundError extends NotFoundError {
  constructor() {
    super('Project not found');
  }
}

/** The customer of a create or update must exist; a reference in the body is input, hence 400. */
export class UnknownCustomerError extends ValidationError {
  constructor() {
    super('customerId: customer not found', [{ path: 'customerId', message: 'customer not found' }]);
  }
}

/** Every id in documentFileIds must be a stored file (decisions: Files). */
export class UnknownDocumentFileError extends ValidationError {
  constructor() {
    super('documentFileIds: file not found', [{ path: 'documentFileIds', message: 'file not found' }]);
  }
}

/** `status: approved` through an update is an approval: it needs `projects:approve` (decisions: Approval). */
export class ApprovalPermissionRequiredError extends ForbiddenError {
  constructor() {
    super('Insufficient permissions');
  }
}
