import { randomUUID } from 'node:crypto';
import { loginAs, type HttpClient } from './client.js';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}

export const createDepartmentMutation = `mutation ($input: CreateDepartmentInput!) {
  createDepartment(input: $input) { id code name }
}`;
export const createEmployeeMutation = `mutation ($input: CreateEmployeeInput!) {
  createEmployee(input: $input) { id code name email avatarFileId department { id name } }
}`;
export const createUserMutation = `mutation ($input: CreateUserInput!) {
  createUser(input: $input) { id email permissions status employee { id name } department { id name } }
}`;
export const disableUserMutation = `mutation ($id: Int!) {
  disableUser(id: $id) { id status }
}`;
export const meQuery = `{ me { id email permissions status employee { id name } department { id name } } }`;

interface Named {
  id: string;
  name: string;
}

export interface DirectoryUser {
  id: number;
  email: string;
  permissions: string[];
  status: string;
  employee: Named | null;
  department: Named | null;
}

export interface NewUserOptions {
  permissions?: string[];
  /** Also an employee in a department of its own, both created first. */
  withEmployee?: boolean;
  password?: string;
  /** The start of the e-mail address, to tell users apart in failures and logs. */
  emailPrefix?: string;
}

/** A user signed in: what most tests need of one. */
export interface TestUser {
  id: number;
  email: string;
  password: string;
  token: string;
}

async function createEmployee(admin: HttpClient, adminToken: string, suffix: string) {
  const createdDepartment = await admin.graphql<{ createDepartment: Named }>(
    createDepartmentMutation,
    { input: { code: `D-${suffix}`, name: `Department ${suffix}` } },
    { token: adminToken },
  );
  const department = createdDepartment.body.data!.createDepartment;
  const createdEmployee = await admin.graphql<{ createEmployee: Named }>(
    createEmployeeMutation,
    {
      input: {
        code: `E-${suffix}`,
        name: `Employee ${suffix}`,
        email: `employee-${suffix}@example.test`,
        departmentId: department.id,
        avatarFileId: `avatar-${suffix}`,
      },
    },
    { token: adminToken },
  );
  return { department, employee: createdEmployee.body.data!.createEmployee };
}

/** Creates a user through the admin's graph calls, as the product's own administration does. */
export async function createUser(admin: HttpClient, adminToken: string, options: NewUserOptions = {}) {
  const suffix = randomUUID().slice(0, 8);
  const staff = options.withEmployee ? await createEmployee(admin, adminToken, suffix) : undefined;
  const password = options.password ?? `password-${suffix}-long`;
  const email = uniqueEmail(options.emailPrefix);
  const created = await admin.graphql<{ createUser: DirectoryUser }>(
    createUserMutation,
    { input: { email, password, permissions: options.permissions ?? [], employeeId: staff?.employee.id } },
    { token: adminToken },
  );
  if (!created.body.data) throw new Error(`createUser failed: ${created.status} ${JSON.stringify(created.body)}`);
  return {
    user: created.body.data.createUser,
    email,
    password,
    employee: staff?.employee,
    department: staff?.department,
  };
}

/** Creates a user as createUser does and signs it in through the same client. */
export async function createSignedInUser(
  admin: HttpClient,
  adminToken: string,
  options: NewUserOptions = {},
): Promise<TestUser> {
  const { user, email, password } = await createUser(admin, adminToken, options);
  const { accessToken } = await loginAs(admin, email, password);
  return { id: user.id, email, password, token: accessToken };
}
