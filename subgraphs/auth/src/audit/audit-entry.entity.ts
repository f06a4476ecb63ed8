import { Entity, PrimaryKey, Property, type Opt } from '@mikro-orm/core';

export type AuditResult = 'success' | 'failure' | 'locked';

export interface SignatureMetadata {
  algorithm: string;
  keyId: string | null;
  verified: boolean;
}

/** One security operation. Never holds secrets, passwords or raw tokens (decisions: Audit log). */
@Entity({ tableName: 'audit_entry' })
export class AuditEntry {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @Property({ type: 'string', index: true })
  action!: string;

  @Property({ type: 'string' })
  result!: AuditResult;

  @Property({ type: 'integer', nullable: true, index: true })
  userId: number | null = null;

  @Property({ type: 'uuid', nullable: true })
  deviceId: string | null = null;

  @Property({ type: 'string', nullable: true })
  ipAddress: string | null = null;

  @Property({ type: 'string', nullable: true, length: 512 })
  userAgent: string | null = null;

  @Property({ type: 'string', nullable: true })
  errorCode: string | null = null;

  @Property({ type: 'json', nullable: true })
  details: Record<string, unknown> | null = null;

  @Property({ type: 'string', nullable: true })
  challengeHash: string | null = null;

  @Property({ type: 'json', nullable: true })
  signature: SignatureMetadata | null = null;

  @Property({ type: 'datetime', index: true })
  createdAt: Date & Opt = new Date();
}
