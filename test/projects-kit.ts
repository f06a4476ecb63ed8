import { loginAs, type HttpClient } from './client.js';
import { adminCredentials } from './harness.js';
import { createSignedInUser, createUser, meQuery, type DirectoryUser } from './users.js';

export const createCustomerMutation = `mutation ($input: CreateCustomerInput!) { createCustomer(input: $input) { id name } }`;

/** The spec's Project keys, in the REST shape. */
export const projectKeys = [
  'contractValue',
  'createdAt',
  'creator',
  'creatorId',
  'currency',
  'customer',
  'customerId',
  'deletedAt',
  'description',
  'documentFiles',
  'id',
  'name',
  'participants',
  'products',
  'progress',
  'replyDate',
  'status',
  'uniqueCode',
  'updatedAt',
].sort();

export const personKeys = ['avatarFileId', 'code', 'department', 'email', 'id', 'name'];
export const productKeys = [
  'attributes',
  'createdAt',
  'description',
  'id',
  'name',
  'productType',
  'schemaVersion',
  'status',
  'updatedAt',
].sort();

/** What createEmployeeMutation selects of an employee. */
export interface EmployeeRecord {
  id: string;
  code: string;
  name: string;
  email: string;
  avatarFileId: string | null;
}

/** Customers, people and project bodies for the projects tests, made through the product's own API. */
export async function projectsTestKit(api: HttpClient) {
  const { accessToken: adminToken } = await loginAs(api, adminCredentials.email, adminCredentials.password);
  /** The bootstrap admin: a user without an employee record, as most API clients sign in. */
  const me = (await api.graphql<{ me: DirectoryUser }>(meQuery, {}, { token: adminToken })).body.data!.me;
  const admin = { id: me.id, email: me.email };

  async function customer(name = 'Acme') {
    const created = await api.graphql(createCustomerMutation, { input: { name } }, { token: adminToken });
    return created.body.data!.createCustomer as { id: string; name: string };
  }

  /** An employee (in a department of its own) signed in with these permissions, and the user it signs in as. */
  async function employee(permissions: string[]) {
    const made = await createUser(api, adminToken, { permissions, withEmployee: true });
    const { accessToken } = await loginAs(api, made.email, made.password);
    return {
      token: accessToken,
      user: { id: made.user.id, email: made.email },
      employee: made.employee as EmployeeRecord,
      department: made.department!,
    };
  }

  const user = (permissions: string[]) => createSignedInUser(api, adminToken, { permissions });

  function projectBody(customerId: string, extra: Record<string, unknown> = {}) {
    return {
      name: 'Bridge retrofit',
      description: 'Steel works, phase 1',
      contractValue: 125000,
      currency: 'EUR',
      customerId,
      replyDate: '2026-12-15',
      ...extra,
    };
  }

  return { adminToken, admin, customer, employee, user, projectBody };
}
