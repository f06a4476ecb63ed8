import type { DepartmentRow, EmployeeRow } from './directory.repository.js';
import type { DepartmentType, EmployeeType } from './directory.types.js';

export function departmentView(department: DepartmentRow): DepartmentType {
  return { id: department.id, code: department.code, name: department.name };
}

/** The employee must be loaded with its department. */
export function employeeView(employee: EmployeeRow): EmployeeType {
  return {
    id: employee.id,
    code: employee.code,
    name: employee.name,
    email: employee.email,
    avatarFileId: employee.avatarFileId,
    department: employee.department ? departmentView(employee.department) : null,
  };
}
