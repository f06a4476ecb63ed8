import type { DepartmentClaim, EmployeeClaim } from '../../../../lib/src/auth/caller.js';
import type { User } from './user.entity.js';

export interface UserClaims {
  id: number;
  email: string;
  permissions: string[];
  employee: EmployeeClaim | null;
  department: DepartmentClaim | null;
}

/** The standard user claims of an access token; the user must be loaded with employee.department. */
export function userClaimsOf(user: User): UserClaims {
  const employee = user.employee;
  const department = employee?.department ?? null;
  return {
    id: user.id,
    email: user.email,
    permissions: user.permissions,
    employee: employee ? { id: employee.id, name: employee.name, avatarFileId: employee.avatarFileId } : null,
    department: department ? { id: department.id, name: department.name } : null,
  };
}
