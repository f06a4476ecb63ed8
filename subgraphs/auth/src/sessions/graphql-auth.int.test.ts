import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFromNewIp } from '../../../../test/client-address.js';
import { loginAs, type HttpClient } from '../../../../test/client.js';
import { adminCredentials, startIsolatedServer } from '../../../../test/harness.js';
import { lockedEmail } from '../../../../test/rate-limits.js';
import { servicesMissing } from '../../../../test/services.js';
import {
  createDepartmentMutation,
  createEmployeeMutation,
  createUser,
  createUserMutation,
  disableUserMutation,
  meQuery,
  uniqueEmail,
} from '../../../../test/users.js';

const loginMutation = `mutation ($email: String!, $password: String!, $rememberMe: Boolean) {
  login(email: $email, password: $password, rememberMe: $rememberMe) {
    accessToken refreshToken accessTokenExpiresAt refreshTokenExpiresAt
  }
}`;
const refreshMutation = `mutation ($refreshToken: String!) {
  refreshToken(refreshToken: $refreshToken) { accessToken refreshToken accessTokenExpiresAt refreshTokenExpiresAt }
}`;
const logoutMutation = `mutation ($refreshToken: String!) { logout(refreshToken: $refreshToken) { success } }`;

const verifyHeaders = { 'x-service-name': 'graphql-test' };

describe.skipIf(servicesMissing)('standard authentication and the directory through GraphQL', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let admin: HttpClient;
  let adminToken: string;

  beforeAll(async () => {
    server = await startIsolatedServer();
    admin = clientFromNewIp(server.url);
    adminToken = (await loginAs(admin, adminCredentials.email, adminCredentials.password)).accessToken;
  });
  afterAll(async () => server?.close());

  it('logs in, refreshes with rotation and logs out through the mutations', async () => {
    const { email, password } = await createUser(admin, adminToken);
    const client = clientFromNewIp(server.url);
    const login = await client.graphql(loginMutation, { email, password, rememberMe: true });
    expect(login.status).toBe(200);
    expect(login.body.errors).toBeUndefined();
    const tokens = login.body.data.login;
    expect(Math.round((Date.parse(tokens.refreshTokenExpiresAt) - Date.now()) / 86_400_000)).toBe(30);

    const refreshed = await client.graphql(refreshMutation, { refreshToken: tokens.refreshToken });
    expect(refreshed.body.errors).toBeUndefined();
    const rotated = refreshed.body.data.refreshToken;
    expect(rotated.refreshToken).not.toBe(tokens.refreshToken);

    const reused = await client.graphql(refreshMutation, { refreshToken: tokens.refreshToken });
    expect(reused.body.errors?.[0]).toMatchObject({
      message: 'Refresh token reuse detected',
      extensions: { code: 'REFRESH_TOKEN_REUSE', statusCode: 401 },
    });
    const successor = await client.graphql(refreshMutation, { refreshToken: rotated.refreshToken });
    expect(successor.body.errors?.[0]?.extensions?.statusCode).toBe(401);

    const second = (await client.graphql(loginMutation, { email, password })).body.data.login;
    const anonymousLogout = await client.graphql(logoutMutation, { refreshToken: second.refreshToken });
    expect(anonymousLogout.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const logout = await client.graphql(
      logoutMutation,
      { refreshToken: second.refreshToken },
      { token: second.accessToken },
    );
    expect(logout.body).toEqual({ data: { logout: { success: true } } });
    const me = await client.graphql(meQuery, undefined, { token: second.accessToken });
    expect(me.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const verify = await client.get('/internal/verify', { token: second.accessToken, headers: verifyHeaders });
    expect(verify.status).toBe(401);
    const refreshAfterLogout = await client.graphql(refreshMutation, { refreshToken: second.refreshToken });
    expect(refreshAfterLogout.body.errors?.[0]?.extensions?.statusCode).toBe(401);
  });

  it('answers a wrong password with the same error as REST', async () => {
    const client = clientFromNewIp(server.url);
    const wrong = await client.graphql(loginMutation, { email: adminCredentials.email, password: 'wrong-password' });
    expect(wrong.body.data).toBeNull();
    expect(wrong.body.errors?.[0]).toMatchObject({
      message: 'Invalid email or password',
      extensions: { code: 'INVALID_CREDENTIALS', statusCode: 401 },
    });
  });

  it('me: the signed-in user with employee and department created by the admin', async () => {
    const { user, email, password, employee, department } = await createUser(admin, adminToken, {
      withEmployee: true,
      permissions: ['projects:read'],
    });
    expect(user.employee).toEqual({ id: employee!.id, name: employee!.name });
    expect(user.department).toEqual({ id: department!.id, name: department!.name });
    const client = clientFromNewIp(server.url);
    const tokens = await loginAs(client, email, password);
    const me = await client.graphql(meQuery, undefined, { token: tokens.accessToken });
    expect(me.body.errors).toBeUndefined();
    expect(me.body.data.me).toEqual({
      id: user.id,
      email,
      permissions: ['projects:read'],
      status: 'active',
      employee: { id: employee!.id, name: employee!.name },
      department: { id: department!.id, name: department!.name },
    });
    const anonymous = await client.graphql(meQuery);
    expect(anonymous.body.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', statusCode: 401 });
  });

  it('disableUser ends every session of that user at once', async () => {
    const { user, email, password } = await createUser(admin, adminToken);
    const client = clientFromNewIp(server.url);
    const first = await loginAs(client, email, password);
    const second = await loginAs(client, email, password);
    const disabled = await admin.graphql(disableUserMutation, { id: user.id }, { token: adminToken });
    expect(disabled.body.data).toEqual({ disableUser: { id: user.id, status: 'disabled' } });
    for (const tokens of [first, second]) {
      const verify = await client.get('/internal/verify', { token: tokens.accessToken, headers: verifyHeaders });
      expect(verify.status).toBe(401);
      const me = await client.graphql(meQuery, undefined, { token: tokens.accessToken });
      expect(me.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      const refresh = await client.graphql(refreshMutation, { refreshToken: tokens.refreshToken });
      expect(refresh.body.errors?.[0]?.extensions?.statusCode).toBe(401);
    }
    const login = await client.graphql(loginMutation, { email, password });
    expect(login.body.errors?.[0]?.message).toBe('Invalid email or password');
    const unknown = await admin.graphql(disableUserMutation, { id: 999_999 }, { token: adminToken });
    expect(unknown.body.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', statusCode: 404 });
  });

  it('admin mutations and queries answer 403 FORBIDDEN to a user without the permission', async () => {
    const { email, password } = await createUser(admin, adminToken, { permissions: ['projects:read'] });
    const client = clientFromNewIp(server.url);
    const { accessToken } = await loginAs(client, email, password);
    const attempts: [string, Record<string, unknown>][] = [
      [createDepartmentMutation, { input: { code: 'X1', name: 'X' } }],
      [createEmployeeMutation, { input: { code: 'X2', name: 'X', email: 'x@example.test' } }],
      [createUserMutation, { input: { email: uniqueEmail(), password: 'long-enough-password' } }],
      [disableUserMutation, { id: 1 }],
      [`mutation { issueServiceToken(serviceName: "notifications") }`, {}],
      [`mutation { revokeServiceToken(id: "00000000-0000-4000-8000-000000000000") }`, {}],
      [`{ auditLog { totalItems } }`, {}],
    ];
    for (const [operation, variables] of attempts) {
      const response = await client.graphql(operation, variables, { token: accessToken });
      expect(response.body.errors?.[0]?.extensions, operation).toMatchObject({ code: 'FORBIDDEN', statusCode: 403 });
    }
    const anonymous = await client.graphql(createDepartmentMutation, { input: { code: 'X3', name: 'X' } });
    expect(anonymous.body.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', statusCode: 401 });
  });

  it('validation errors name the field and the rule, never the value', async () => {
    const badEmail = await admin.graphql(
      createUserMutation,
      { input: { email: 'not-an-email', password: 'long-enough-password' } },
      { token: adminToken },
    );
    expect(badEmail.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', statusCode: 400 });
    expect(badEmail.body.errors?.[0]?.message).toMatch(/^email: /);
    expect(badEmail.body.errors?.[0]?.message).not.toContain('not-an-email');

    const shortPassword = await admin.graphql(
      createUserMutation,
      { input: { email: uniqueEmail(), password: 'short-pw' } },
      { token: adminToken },
    );
    expect(shortPassword.body.errors?.[0]?.message).toMatch(/^password: /);
    expect(shortPassword.body.errors?.[0]?.message).not.toContain('short-pw');

    const unknownEmployee = await admin.graphql(
      createUserMutation,
      {
        input: {
          email: uniqueEmail(),
          password: 'long-enough-password',
          employeeId: '00000000-0000-4000-8000-000000000000',
        },
      },
      { token: adminToken },
    );
    expect(unknownEmployee.body.errors?.[0]?.message).toMatch(/^employeeId: /);

    const emptyName = await admin.graphql(
      createDepartmentMutation,
      { input: { code: 'D-EMPTY', name: '  ' } },
      { token: adminToken },
    );
    expect(emptyName.body.errors?.[0]?.message).toMatch(/^name: /);

    const badDepartment = await admin.graphql(
      createEmployeeMutation,
      { input: { code: 'E-BAD', name: 'E', email: 'e@example.test', departmentId: 'nope' } },
      { token: adminToken },
    );
    expect(badDepartment.body.errors?.[0]?.message).toMatch(/^departmentId: /);

    const duplicate = await admin.graphql(
      createUserMutation,
      { input: { email: adminCredentials.email, password: 'long-enough-password' } },
      { token: adminToken },
    );
    expect(duplicate.body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', statusCode: 409 });
    const duplicateOtherCase = await admin.graphql(
      createUserMutation,
      { input: { email: adminCredentials.email.toUpperCase(), password: 'long-enough-password' } },
      { token: adminToken },
    );
    expect(duplicateOtherCase.body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', statusCode: 409 });
  });

  it('counts aliased login fields against the authentication limit', async () => {
    const { email, password } = await createUser(admin, adminToken);
    const client = clientFromNewIp(server.url);
    // 18 of the IP's 20 tokens spent fast (a locked e-mail answers before any hashing): 2 remain
    const locked = await lockedEmail(server.url);
    for (let attempt = 0; attempt < 18; attempt += 1) {
      await client.post('/api/v1/auth/login', { email: locked, password: 'wrong' });
    }
    // login is non-null: the first refused field ends the (serial) mutation, so the limiter's refusal is
    // the one error, on the alias after the last remaining token (a slow machine may refill one more)
    const fields = Array.from(
      { length: 25 },
      (_, index) => `l${index}: login(email: $email, password: $password) { accessToken }`,
    );
    const response = await client.graphql(`mutation ($email: String!, $password: String!) { ${fields.join('\n')} }`, {
      email,
      password,
    });
    expect(response.body.errors).toHaveLength(1);
    expect(response.body.errors![0]).toMatchObject({
      message: 'Rate limit exceeded',
      extensions: { code: 'RATE_LIMITED', statusCode: 429 },
    });
    expect(['l2', 'l3']).toContain((response.body.errors![0] as { path?: string[] }).path?.[0]);
    const rest = await client.post('/api/v1/auth/login', { email: uniqueEmail(), password: 'whatever' });
    expect(rest.status).toBe(429);
    expect(rest.body).toEqual({ message: 'Rate limit exceeded', statusCode: 429 });
    expect(Number(rest.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});
