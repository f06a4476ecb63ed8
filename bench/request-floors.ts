import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { JWTPayload } from 'jose';
import { parseBearer } from '@platform/lib/auth/authenticator';
import { tokenKinds, tokenLifetimes } from '@platform/lib/auth/token-kinds';
import { DatabasePool } from '@platform/lib/database';
import type { Platform } from '@platform/lib/platform';
import { UnitOfWork } from '@platform/lib/unit-of-work';
import { AuditRepository } from '@platform/auth/audit/audit.repository';
import { authEntities } from '@platform/auth/entities';
import { authMigrations } from '@platform/auth/migrations/index';
import { InvalidRefreshTokenError } from '@platform/auth/sessions/session.errors';
import type { RefreshClaims } from '@platform/auth/sessions/token-family.service';
import { tokenHash } from '@platform/auth/sessions/token-family.service';
import { TokenFamilyRepository } from '@platform/auth/sessions/token-family.repository';
import { tokenSetOf } from '@platform/auth/sessions/token-set';
import { userClaimsOf } from '@platform/auth/users/user-claims';
import { UserRepository } from '@platform/auth/users/user.repository';

export interface FloorServer {
  port: number;
  close(): Promise<void>;
}

class Refused extends Error {}

/**
 * `me` by hand: the bearer verified and its revocation markers read by the product's authenticator (same
 * codec, same Redis read), the user with employee and department read by the product's repository over a
 * fresh entity manager (same statement), and the fields the bench's query asks for as JSON.
 */
async function me(platform: Platform, orm: MikroORM, request: IncomingMessage): Promise<unknown> {
  const token = parseBearer(request.headers.authorization);
  if (!token) throw new Refused('no bearer');
  const { caller } = await platform.authenticator.verifyBearer(token);
  if (caller.kind !== 'user') throw new Refused('not a user');
  const [user] = await new UserRepository(orm.em.fork()).findManyWithClaims([caller.userId]);
  if (!user) throw new Refused('no user');
  const employee = user.employee;
  const department = employee?.department;
  return {
    me: {
      id: user.id,
      email: user.email,
      status: user.status,
      permissions: user.permissions,
      employee: employee ? { name: employee.name } : null,
      department: department ? { name: department.name } : null,
    },
  };
}

/**
 * A refresh by hand: the token verified by the codec, then the product's rotation transaction with its
 * statements (consume the token, read the family, read the user with claims, write the successor and the
 * rotation count), the two signatures, and the audit entry written after it, as the server writes them.
 */
async function refresh(platform: Platform, orm: MikroORM, body: { refreshToken: string }): Promise<unknown> {
  const claims = await platform.codec.verify<RefreshClaims & JWTPayload>(
    body.refreshToken,
    [tokenKinds.refresh],
    () => new InvalidRefreshTokenError(),
  );
  const em = orm.em.fork();
  const families = new TokenFamilyRepository(em);
  const users = new UserRepository(em);
  const tokens = await new UnitOfWork(em).attempt(async () => {
    if (!(await families.consumeRefreshToken(tokenHash(body.refreshToken)))) return undefined;
    const family = await families.findFamily(claims.token_family);
    if (!family || family.revokedAt || family.absoluteExpiresAt.getTime() <= platform.now()) return undefined;
    families.stageRotation(family, new Date(platform.now()), '127.0.0.1');
    const user = await users.findWithClaims(family.userId);
    if (!user || user.status !== 'active') return undefined;
    const access = await platform.codec.sign(
      tokenKinds.access,
      String(user.id),
      { ...userClaimsOf(user), session_id: family.id },
      tokenLifetimes.accessMs,
    );
    const lifetime = Math.min(tokenLifetimes.refreshMs, family.absoluteExpiresAt.getTime() - platform.now());
    const next = await platform.codec.sign(
      tokenKinds.refresh,
      String(family.userId),
      { token_family: family.id, rotation_count: family.rotationCount },
      lifetime,
    );
    await families.storeRefreshToken(family, {
      jti: next.jti,
      tokenHash: tokenHash(next.token),
      expiresAt: next.expiresAt,
    });
    return tokenSetOf(access, next);
  });
  if (!tokens) throw new Refused('refresh token not usable');
  await new AuditRepository(em).record({
    action: 'refresh',
    result: 'success',
    userId: Number(claims.sub),
    deviceId: null,
    ipAddress: '127.0.0.1',
    userAgent: null,
    errorCode: null,
    details: null,
    challengeHash: null,
    signature: null,
    createdAt: new Date(),
  });
  return tokens;
}

function reply(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/**
 * The floors of issue 17: a bare node:http server doing by hand exactly the work of `me` (POST /me) and of a
 * REST refresh (POST /refresh) with the product's codec, authenticator, repositories and statements, and
 * nothing else (no framework, no GraphQL, no validation layer, no error mapping). Its own ORM over the bench
 * database, as a second instance of the auth subgraph would have; one entity manager per request.
 */
export async function startRequestFloors(databaseUrl: string, platform: Platform): Promise<FloorServer> {
  const pool = new DatabasePool(databaseUrl);
  const orm = await pool.open({ schema: 'auth', entities: authEntities, migrations: authMigrations });
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const work =
        request.url === '/me'
          ? me(platform, orm, request)
          : refresh(platform, orm, JSON.parse(Buffer.concat(chunks).toString()) as { refreshToken: string });
      work.then(
        (data) => reply(response, 200, { data }),
        (error: unknown) => reply(response, error instanceof Refused ? 401 : 500, { error: String(error) }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.close();
    },
  };
}
