import type { Department } from './department.entity.js';
import type { DepartmentType, EmployeeType } from './directory.types.js';
import type { Employee } from './employee.entity.js';

export function departmentView(department: Department): DepartmentType {
  return { id: department.id, code: department.code, name: department.name };
}

/** The employee must be loaded with its department. */
export function employeeView(employee: Employee): EmployeeType {
  return {
    id: employee.id,
    code: employee.code,
    name: employee.name,
    email: employee.email,
    avatarFileId: employee.avatarFileId,
    department: employee.department ? departmentView(employee.department) : null,
  };
}
