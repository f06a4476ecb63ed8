import { ValidationError } from '@platform/lib/errors';

/** Every participant must be an employee of the directory; a reference in the body is input, hence 400. */
export class UnknownParticipantError extends ValidationError {
  constructor() {
    super('participantIds: employee not found', [{ path: 'participantIds', message: 'employee not found' }]);
  }
}

/** A task's department must be a department of the directory. */
export class UnknownDepartmentError extends ValidationError {
  constructor() {
    super('departmentId: department not found', [{ path: 'departmentId', message: 'department not found' }]);
  }
}
