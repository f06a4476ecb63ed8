import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { tokenLifetimes } from '@platform/lib/auth/token-kinds';
import { DatabasePool } from '@platform/lib/database';
import { AuditRepository, type AuditEntryValues } from '@platform/auth/audit/audit.repository';
import { authEntities } from '@platform/auth/entities';
import { authMigrations } from '@platform/auth/migrations/index';
import { LoginRepository, type LoginWrite } from '@platform/auth/mobile/login.repository';
import { TokenFamily } from '@platform/auth/sessions/token-family.entity';

/** The login's storage as the server has it: its repositories over an ORM pool, as a request builds them. */
export interface LoginStore {
  logins: LoginRepository;
  auditEntries: AuditRepository;
  close(): Promise<void>;
}

export async function openLoginStore(databaseUrl: string): Promise<LoginStore> {
  const pool = new DatabasePool(databaseUrl);
  const orm = await pool.open({
    schema: 'auth',
    entities: authEntities,
    migrations: authMigrations,
  });
  const em = orm.em.fork();
  return { logins: new LoginRepository(em), auditEntries: new AuditRepository(em), close: () => pool.close() };
}

/** An audit entry of the size the login writes, with the challenge's hash and signature metadata. */
export function benchAuditEntry(
  userId: number,
  deviceId: string,
  challenge = randomBytes(64).toString('base64url'),
): AuditEntryValues {
  return {
    // The login's own action: an entry's action is one of the closed set the server records.
    action: 'biometric_login',
    result: 'success',
    userId,
    deviceId,
    ipAddress: '127.0.0.1',
    userAgent: 'bench',
    errorCode: null,
    details: null,
    // The hex SHA-256 of the challenge, as the server records it.
    challengeHash: createHash('sha256').update(challenge).digest('hex'),
    signature: { algorithm: 'ES256', keyId: 'bench', verified: true },
    createdAt: new Date(),
  };
}

/** A new biometric token family, as the login drafts it (the login's write inserts it). */
export function benchFamily(userId: number, deviceId: string, loginSessionId: string | null = null): TokenFamily {
  const createdAt = new Date();
  return Object.assign(new TokenFamily(), {
    userId,
    kind: 'biometric',
    method: 'biometric',
    rememberMe: false,
    deviceId,
    loginSessionId,
    createdAt,
    absoluteExpiresAt: new Date(createdAt.getTime() + tokenLifetimes.refreshMs),
    ipAddress: '127.0.0.1',
    userAgent: 'bench',
    clientFamily: 'other:bench',
  });
}

/** A login's write as the server makes it, for a fresh family each time (the statement inserts). */
export function benchLoginWrite(deviceId: string, userId: number): LoginWrite {
  const family = benchFamily(userId, deviceId);
  return {
    family,
    refresh: {
      jti: randomUUID(),
      tokenHash: randomBytes(32).toString('base64url'),
      expiresAt: family.absoluteExpiresAt,
    },
    audit: benchAuditEntry(userId, deviceId),
  };
}
