import { Entity, PrimaryKey, Property, type Opt } from '@mikro-orm/core';

export type AuditResult = 'success' | 'failure' | 'locked';

/**
 * Every action an audit entry records, a closed set: recording another fails the type-check. The stored column
 * stays a string (entries read back are whatever was written); the writers take only these.
 */
export const auditActions = [
  'login',
  'refresh',
  'logout',
  'biometric_login',
  'mobile_challenge',
  'mobile_refresh',
  'passkey_login_begin',
  'passkey_login_finish',
  'passkey_register_begin',
  'passkey_register_finish',
  'passkey_rename',
  'passkey_delete',
  'device_list',
  'device_delete',
  'device_push_token_update',
  'device_register_challenge',
  'device_register_verify',
  'confirmation_initiate',
  'confirmation_verify',
  'confirmation_reject',
  'confirmation_expire',
  'create_user',
  'disable_user',
  'create_department',
  'create_employee',
  'issue_service_token',
  'revoke_service_token',
  'device_proof_refused',
  'session_revoke',
  'session_revoke_others',
] as const;

export type AuditAction = (typeof auditActions)[number];

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
