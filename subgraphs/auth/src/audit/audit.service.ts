import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { runStatement, type PreparedStatement } from '@platform/lib/database';
import type { RequestInfo } from '@platform/lib/graphql/context';
import type { AuditEntry, AuditResult, SignatureMetadata } from './audit-entry.entity.js';

export interface AuditEvent {
  action: string;
  result: AuditResult;
  userId?: number | null;
  deviceId?: string | null;
  errorCode?: string | null;
  details?: Record<string, unknown>;
  challenge?: string;
  signature?: SignatureMetadata;
}

/** An audit entry as it is written: the event plus who asked (IP, user agent) and when. */
export type AuditEntryValues = Omit<AuditEntry, 'id'>;

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** The columns of "auth"."audit_entry" in the order of auditParameters. */
export const auditColumns =
  '"action", "result", "user_id", "device_id", "ip_address", "user_agent", "error_code", "details", "challenge_hash", "signature", "created_at"';

const auditTypes = ['', '', '::int', '::uuid', '', '', '', '::jsonb', '', '::jsonb', '::timestamptz'];

/** Placeholders $from.. matching auditColumns, typed so that they also serve as an INSERT ... SELECT list. */
export function auditPlaceholders(from: number): string {
  return auditTypes.map((type, index) => `$${from + index}${type}`).join(', ');
}

/** An entry's values as statement parameters, for statements that write it beside other rows. */
export function auditParameters(entry: AuditEntryValues): unknown[] {
  const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
  return [
    entry.action,
    entry.result,
    entry.userId,
    entry.deviceId,
    entry.ipAddress,
    entry.userAgent,
    entry.errorCode,
    json(entry.details),
    entry.challengeHash,
    json(entry.signature),
    entry.createdAt,
  ];
}

/** The one-row audit INSERT (exported for the benchmark's floor and lower bound). */
export const recordAuditStatement: PreparedStatement = {
  name: 'auth.audit.record',
  text: `insert into "auth"."audit_entry" (${auditColumns}) values (${auditPlaceholders(1)})`,
};

/**
 * Writes audit entries outside the operation's unit of work: a failed operation rolls its own changes back,
 * but the record that it failed must stay.
 */
export class AuditWriter {
  constructor(
    private readonly em: EntityManager,
    private readonly request: RequestInfo,
  ) {}

  /** One autocommitted INSERT in plain SQL: audit entries are on every hot path, and a row needs no ORM. */
  async record(event: AuditEvent): Promise<void> {
    await runStatement(this.em, recordAuditStatement, auditParameters(this.entryOf(event)));
  }

  entryOf(event: AuditEvent): AuditEntryValues {
    return {
      action: event.action,
      result: event.result,
      userId: event.userId ?? null,
      deviceId: event.deviceId ?? null,
      ipAddress: this.request.ip,
      userAgent: this.request.userAgent?.slice(0, 512) ?? null,
      errorCode: event.errorCode ?? null,
      details: event.details ?? null,
      challengeHash: event.challenge ? sha256(event.challenge) : null,
      signature: event.signature ?? null,
      createdAt: new Date(),
    };
  }
}
