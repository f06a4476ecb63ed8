import type { UserCaller } from '@platform/lib/auth/caller';
import { readAuditPage, type AuditPage } from '../audit/audit-page.js';
import type { AuditRepository } from '../audit/audit.repository.js';
import type { SecurityEvent } from './security-timeline.types.js';

/**
 * The audit actions an owner sees on their own timeline: how the account was entered and left, and what changed
 * its ways in (devices, passkeys) or was approved with them. Reads, lists and challenges are left out: they are
 * noise to a person, and their entries stay in the admins' audit log.
 */
export const securityTimelineActions = [
  'login',
  'biometric_login',
  'passkey_login_finish',
  'logout',
  'device_register_verify',
  'device_delete',
  'passkey_register_finish',
  'passkey_rename',
  'passkey_delete',
  'confirmation_initiate',
  'confirmation_verify',
  'confirmation_reject',
  'confirmation_expire',
];

/** Each user reads their own account's security events, newest first (issue 15, security timeline). */
export class SecurityTimelineService {
  constructor(private readonly auditEntries: AuditRepository) {}

  page(caller: UserCaller, page: unknown): Promise<AuditPage<SecurityEvent>> {
    return readAuditPage(
      page,
      (limit, offset) => this.auditEntries.ownerPage(caller.userId, securityTimelineActions, limit, offset),
      (entry) => ({
        id: String(entry.id),
        action: entry.action,
        result: entry.result,
        errorCode: entry.errorCode,
        deviceId: entry.deviceId,
        ipAddress: entry.ipAddress,
        userAgent: entry.userAgent,
        createdAt: entry.createdAt.toISOString(),
      }),
    );
  }
}
