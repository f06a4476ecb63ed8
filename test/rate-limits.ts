import { createHash, createSecretKey, randomUUID } from 'node:crypto';
import { SignJWT, type JWTPayload } from 'jose';
import { httpClient, loginAs, type HttpClient, type RequestOptions } from './client.js';

let ipCounter = 0;

/**
 * A client address of its own (the edge trusts X-Forwarded-For from loopback), so that tests do not share
 * rate-limit buckets by accident.
 */
export function uniqueIp(): string {
  ipCounter += 1;
  const salt = process.pid % 200;
  return `10.${salt}.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

/** The test client with extra headers (typically X-Forwarded-For) on every request. */
export function clientWith(baseUrl: string, defaults: Record<string, string>): HttpClient {
  const inner = httpClient(baseUrl);
  const merge = (options: RequestOptions = {}): RequestOptions => ({
    ...options,
    headers: { ...defaults, ...options.headers },
  });
  return {
    request: (method, path, body, options) => inner.request(method, path, body, merge(options)),
    get: (path, options) => inner.get(path, merge(options)),
    post: (path, body, options) => inner.post(path, body, merge(options)),
    put: (path, body, options) => inner.put(path, body, merge(options)),
    patch: (path, body, options) => inner.patch(path, body, merge(options)),
    delete: (path, options) => inner.delete(path, merge(options)),
    graphql: (query, variables, options) => inner.graphql(query, variables, merge(options)),
  } as HttpClient;
}

/** A client whose requests come from a fresh client IP. */
export function clientFromNewIp(baseUrl: string): HttpClient {
  return clientWith(baseUrl, { 'x-forwarded-for': uniqueIp() });
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}

/** The key id the server derives from a secret (token-codec.ts); tests build tokens the server would. */
export function keyIdOf(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url').slice(0, 12);
}

export interface ForgeOptions {
  secret: string;
  kid?: string;
  typ?: string;
  alg?: string;
  audience?: string;
  issuer?: string;
  expiresInSeconds?: number;
}

/** Signs an arbitrary HS256 token, for tampering and rotation tests. */
export async function forgeToken(claims: JWTPayload, options: ForgeOptions): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({
      alg: options.alg ?? 'HS256',
      typ: options.typ ?? 'at+jwt',
      kid: options.kid ?? keyIdOf(options.secret),
    })
    .setIssuer(options.issuer ?? 'platform-auth')
    .setAudience(options.audience ?? 'platform:access')
    .setSubject(String(claims.id ?? 'subject'))
    .setJti(randomUUID())
    .setIssuedAt(now - 10)
    .setExpirationTime(now + (options.expiresInSeconds ?? 3600))
    .sign(createSecretKey(Buffer.from(options.secret, 'utf8')));
}

export function decodePart(token: string, index: 0 | 1): Record<string, any> {
  return JSON.parse(Buffer.from(token.split('.')[index]!, 'base64url').toString('utf8'));
}

export function encodePart(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
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
export const meQuery = `{ me { id email permissions status employee { id name } department { id name } } }`;

/** Creates a user (optionally with an employee in a new department) through the admin's graph calls. */
export async function createUserThroughGraph(
  admin: HttpClient,
  adminToken: string,
  options: { permissions?: string[]; withEmployee?: boolean; password?: string } = {},
) {
  const suffix = randomUUID().slice(0, 8);
  let employeeId: string | undefined;
  let department: { id: string; name: string } | undefined;
  let employee: { id: string; name: string } | undefined;
  if (options.withEmployee) {
    const createdDepartment = await admin.graphql(
      createDepartmentMutation,
      { input: { code: `D-${suffix}`, name: `Department ${suffix}` } },
      { token: adminToken },
    );
    department = createdDepartment.body.data!.createDepartment;
    const createdEmployee = await admin.graphql(
      createEmployeeMutation,
      {
        input: {
          code: `E-${suffix}`,
          name: `Employee ${suffix}`,
          email: `employee-${suffix}@example.test`,
          departmentId: department!.id,
          avatarFileId: `avatar-${suffix}`,
        },
      },
      { token: adminToken },
    );
    employee = createdEmployee.body.data!.createEmployee;
    employeeId = employee!.id;
  }
  const password = options.password ?? `password-${suffix}-long`;
  const email = uniqueEmail();
  const created = await admin.graphql(
    createUserMutation,
    { input: { email, password, permissions: options.permissions ?? [], employeeId } },
    { token: adminToken },
  );
  if (!created.body.data) throw new Error(`createUser failed: ${JSON.stringify(created.body)}`);
  return { user: created.body.data.createUser, email, password, employee, department };
}

export { loginAs };

export const disableUserMutation = `mutation ($id: Int!) {
  disableUser(id: $id) { id status }
}`;

/**
 * An e-mail locked out by 5 failed logins from a client IP of its own (5 of its 20 per-e-mail tokens used).
 * Logins with it are answered before any password hashing, so they charge the Authentication limit fast:
 * bursts built from them finish well within the bucket's refill time (one token per 6 seconds).
 */
export async function lockedEmail(baseUrl: string): Promise<string> {
  const email = uniqueEmail('locked');
  const client = clientFromNewIp(baseUrl);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await client.post('/api/v1/auth/login', { email, password: 'wrong-password' });
  }
  return email;
}

/**
 * Makes attempts one after another until one is answered 429; returns its 1-based number (or 0). Limits
 * that refill over time are tested this way, so a slow machine moves the answer by one, never flakes it.
 */
export async function firstRateLimitedAttempt(
  attempt: (index: number) => Promise<{ status: number }>,
  maxAttempts: number,
): Promise<number> {
  for (let index = 1; index <= maxAttempts; index += 1) {
    if ((await attempt(index)).status === 429) return index;
  }
  return 0;
}
