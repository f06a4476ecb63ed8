import { randomUUID } from 'node:crypto';
import { Entity, PrimaryKey, Property, type Opt } from '@mikro-orm/core';

export type TokenFamilyKind = 'standard' | 'biometric';

/** How the session was signed in to (issue 27, item 3). */
export type SignInMethod = 'password' | 'biometric' | 'passkey';

/**
 * A login session: every refresh token rotated from one login belongs to one family. Its id is the
 * session_id of the access tokens, so revoking the family ends the session everywhere.
 */
@Entity({ tableName: 'token_family' })
export class TokenFamily {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'integer' })
  userId!: number;

  @Property({ type: 'string' })
  kind!: TokenFamilyKind;

  @Property({ type: 'uuid', nullable: true })
  deviceId: string | null = null;

  /** The challenge session a biometric login consumed; unique, which makes the consume atomic. */
  @Property({ type: 'uuid', nullable: true, unique: true })
  loginSessionId: string | null = null;

  @Property({ type: 'boolean' })
  rememberMe!: boolean;

  @Property({ type: 'integer' })
  rotationCount: number & Opt = 0;

  /** A refresh never moves past this (decisions: Hardening). */
  @Property({ type: 'datetime' })
  absoluteExpiresAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  revokedAt: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'string' })
  method: SignInMethod & Opt = 'password';

  /** The address of the sign-in, then of the latest renewal. */
  @Property({ type: 'string', nullable: true })
  ipAddress: string | null = null;

  @Property({ type: 'string', nullable: true, length: 512 })
  userAgent: string | null = null;

  /** Browser and OS without versions (lib/user-agent.ts): the same browser signing in again is not new. */
  @Property({ type: 'string', nullable: true })
  clientFamily: string | null = null;

  /** The latest renewal (refresh rotation); null until the first. */
  @Property({ type: 'datetime', nullable: true })
  lastUsedAt: Date | null = null;
}
