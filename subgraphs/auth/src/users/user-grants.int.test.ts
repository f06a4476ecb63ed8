import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFromNewIp } from '../../../../test/client-address.js';
import { loginAs, type HttpClient } from '../../../../test/client.js';
import { adminCredentials, startIsolatedServer } from '../../../../test/harness.js';
import { servicesMissing } from '../../../../test/services.js';
import {
  createSignedInUser,
  createUser,
  createUserMutation,
  disableUserMutation,
  meQuery,
  uniqueEmail,
  type TestUser,
} from '../../../../test/users.js';

const auditQuery = `query ($filter: AuditLogFilter) {
  auditLog(filter: $filter) { items { action result errorCode userId } }
}`;

/** Issue 31, item 1: a holder of `users:write` hands out only what it holds, and never admin power. */
describe.skipIf(servicesMissing)('who grants what', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let client: HttpClient;
  let adminToken: string;
  let adminId: number;
  let manager: TestUser;

  const create = (token: string, permissions: string[]) =>
    client.graphql(
      createUserMutation,
      { input: { email: uniqueEmail('granted'), password: 'granted-password-long', permissions } },
      { token },
    );

  beforeAll(async () => {
    server = await startIsolatedServer();
    client = clientFromNewIp(server.url);
    adminToken = (await loginAs(client, adminCredentials.email, adminCredentials.password)).accessToken;
    adminId = (await client.graphql(meQuery, undefined, { token: adminToken })).body.data!.me.id;
    manager = await createSignedInUser(client, adminToken, { permissions: ['users:write', 'projects:read'] });
  });
  afterAll(async () => server?.close());

  it.each([[['admin']], [['users:write']], [['audit:read']], [['projects:read', 'admin']]])(
    'refuses a users:write holder granting %j with FORBIDDEN, creating nobody',
    async (permissions) => {
      const email = uniqueEmail('escalated');
      const refused = await client.graphql(
        createUserMutation,
        { input: { email, password: 'escalated-password-long', permissions } },
        { token: manager.token },
      );
      expect(refused.body.data).toBeNull();
      expect(refused.body.errors![0]!.extensions!.code).toBe('FORBIDDEN');
      expect(refused.body.errors![0]!.message).toBe('Cannot grant a permission you do not hold');
      const login = await client.post('/api/v1/auth/login', { email, password: 'escalated-password-long' });
      expect(login.status).toBe(401);
    },
  );

  it('lets a users:write holder grant what it holds, and nothing', async () => {
    const granted = await create(manager.token, ['projects:read']);
    expect(granted.body.errors).toBeUndefined();
    expect(granted.body.data.createUser.permissions).toEqual(['projects:read']);
    const plain = await create(manager.token, []);
    expect(plain.body.data.createUser.permissions).toEqual([]);
  });

  it('lets an admin grant admin and users:write', async () => {
    const granted = await create(adminToken, ['admin', 'users:write']);
    expect(granted.body.errors).toBeUndefined();
    expect(granted.body.data.createUser.permissions).toEqual(['admin', 'users:write']);
  });

  it('refuses a users:write holder disabling an admin; the admin still signs in', async () => {
    const refused = await client.graphql(disableUserMutation, { id: adminId }, { token: manager.token });
    expect(refused.body.errors![0]!.extensions!.code).toBe('FORBIDDEN');
    expect(refused.body.errors![0]!.message).toBe('Only an admin can change an admin');
    const again = await loginAs(client, adminCredentials.email, adminCredentials.password);
    expect(again.accessToken).toBeTruthy();
  });

  it('lets a users:write holder disable a user who is not an admin', async () => {
    const { user } = await createUser(client, adminToken, { permissions: ['projects:read'] });
    const disabled = await client.graphql(disableUserMutation, { id: user.id }, { token: manager.token });
    expect(disabled.body.errors).toBeUndefined();
    expect(disabled.body.data.disableUser.status).toBe('disabled');
  });

  it('audits each refusal as a failure with its code, by the caller', async () => {
    const response = await client.graphql(auditQuery, { filter: { userId: manager.id } }, { token: adminToken });
    const entries = (response.body.data.auditLog.items as { action: string; result: string; errorCode: string }[])
      .map((item) => `${item.action}:${item.result}:${item.errorCode ?? ''}`)
      .reverse();
    expect(entries.filter((entry) => entry === 'create_user:failure:FORBIDDEN')).toHaveLength(4);
    expect(entries).toContain('disable_user:failure:FORBIDDEN');
    expect(entries).toContain('create_user:success:');
    expect(entries).toContain('disable_user:success:');
  });
});
