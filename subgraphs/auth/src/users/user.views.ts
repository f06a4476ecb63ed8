import { departmentView, employeeView } from '../directory/directory.views.js';
import type { User } from './user.entity.js';
import type { UserType } from './user.types.js';

/** The user must be loaded with employee.department. */
export function userView(user: User): UserType {
  const employee = user.employee;
  return {
    id: user.id,
    email: user.email,
    emailVerified: false,
    mfaEnabled: false,
    status: user.status,
    permissions: user.permissions,
    employee: employee ? employeeView(employee) : null,
    department: employee?.department ? departmentView(employee.department) : null,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
