import type { DepartmentClaim, EmployeeClaim } from '@platform/lib/auth/caller';

export interface UserClaims {
  id: number;
  email: string;
  permissions: string[];
  employee: EmployeeClaim | null;
  department: DepartmentClaim | null;
}

/** What the claims are made of: a User loaded with employee.department, or a row read for a login. */
export interface ClaimsSource {
  id: number;
  email: string;
  permissions: string[];
  employee: (EmployeeClaim & { department: DepartmentClaim | null }) | null;
}

/** The standard user claims of an access token. */
export function userClaimsOf(user: ClaimsSource): UserClaims {
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

/** Whether two sources give the same claims (userClaimsOf builds them in one fixed shape and order). */
export function sameClaims(a: ClaimsSource, b: ClaimsSource): boolean {
  return JSON.stringify(userClaimsOf(a)) === JSON.stringify(userClaimsOf(b));
}
