import { departmentView, employeeView } from '../directory/directory.views.js';
import type { User } from './user.entity.js';
import type { PersonRow } from './user.repository.js';
import type { PersonType } from './person.types.js';
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

/**
 * A user as the spec's Person (decisions: projects, Creator): `id` is the user's id, the name the employee's or
 * else the e-mail, the employee's code and avatar and the user's department name, or "".
 */
export function personView(person: PersonRow): PersonType {
  return {
    id: String(person.id),
    name: person.name ?? person.email,
    email: person.email,
    code: person.code ?? '',
    department: person.department ?? '',
    avatarFileId: person.avatarFileId ?? '',
  };
}
