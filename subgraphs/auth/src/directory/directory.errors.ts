import { ConflictError } from '@platform/lib/errors';

export class DepartmentCodeTakenError extends ConflictError {
  constructor() {
    super('Department code already exists');
  }
}

export class EmployeeCodeTakenError extends ConflictError {
  constructor() {
    super('Employee code already exists');
  }
}
