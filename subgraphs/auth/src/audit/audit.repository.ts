import type { EntityManager } from '@mikro-orm/postgresql';
import { runStatement, type PreparedStatement } from '@platform/lib/database';
import { AuditEntry, type AuditAction, type AuditResult } from './audit-entry.entity.js';

/** An audit entry as it is written: the event plus who asked (IP, user agent) and when. */
export type AuditEntryValues = Omit<AuditEntry, 'id' | 'action'> & { action: AuditAction };

/** Which entries an admin asks for; an absent field does not filter. */
export interface AuditEntryFilter {
  action?: string;
  userId?: number;
  result?: AuditResult;
}

/** The columns of "auth"."audit_entry" in the order of auditParameters (also for the login's one statement). */
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

const recordStatement: PreparedStatement = {
  name: 'auth.audit.record',
  text: `insert into "auth"."audit_entry" (${auditColumns}) values (${auditPlaceholders(1)})`,
};

/** The audit_entry table. */
export class AuditRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Hand-written, prepared and autocommitted on a pooled connection of its own: audit entries are on every hot
   * path, and an entry must survive the rollback of the operation it records (decisions: Audit entries).
   */
  async record(entry: AuditEntryValues): Promise<void> {
    await runStatement(this.em, recordStatement, auditParameters(entry));
  }

  /** An entry that commits with the unit of work it is staged in, or rolls back with it. */
  stage(entry: AuditEntryValues): void {
    this.em.create(AuditEntry, entry);
  }

  /** One page of matching entries, newest first, and how many match in all. */
  page(filter: AuditEntryFilter, limit: number, offset: number): Promise<[AuditEntry[], number]> {
    return this.em.findAndCount(AuditEntry, filter, { orderBy: { id: 'desc' }, limit, offset });
  }

  /** One page of a user's entries of the given actions, newest first, and how many there are in all. */
  ownerPage(
    userId: number,
    actions: readonly AuditAction[],
    limit: number,
    offset: number,
  ): Promise<[AuditEntry[], number]> {
    return this.em.findAndCount(
      AuditEntry,
      { userId, action: { $in: actions } },
      { orderBy: { id: 'desc' }, limit, offset },
    );
  }
}
