import { randomBytes, randomUUID } from 'node:crypto';
import { tokenLifetimes } from '@platform/lib/auth/token-kinds';
import { sha256, type AuditEntryValues } from '@platform/auth/audit/audit.service';
import type { LoginWrite } from '@platform/auth/mobile/login-records';
import { TokenFamily } from '@platform/auth/sessions/token-family.entity';

/** An audit entry of the size the login writes, with the challenge's hash and signature metadata. */
export function benchAuditEntry(
  userId: number,
  deviceId: string,
  challenge = randomBytes(64).toString('base64url'),
): AuditEntryValues {
  return {
    action: 'bench',
    result: 'success',
    userId,
    deviceId,
    ipAddress: '127.0.0.1',
    userAgent: 'bench',
    errorCode: null,
    details: null,
    challengeHash: sha256(challenge),
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
    rememberMe: false,
    deviceId,
    loginSessionId,
    createdAt,
    absoluteExpiresAt: new Date(createdAt.getTime() + tokenLifetimes.refreshMs),
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
