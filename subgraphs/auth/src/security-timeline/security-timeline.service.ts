import type { UserCaller } from '@platform/lib/auth/caller';
import type { ItemsPage } from '@platform/lib/paging';
import { readAuditPage } from '../audit/audit-page.js';
import type { AuditRepository } from '../audit/audit.repository.js';
import { securityTimelineActions, type SecurityEvent } from './security-timeline.types.js';

export interface SecurityTimelineServiceDependencies {
  auditEntries: AuditRepository;
}

/** Each user reads their own account's security events, newest first (issue 15, security timeline). */
export class SecurityTimelineService {
  constructor(private readonly deps: SecurityTimelineServiceDependencies) {}

  page(caller: UserCaller, page: unknown): Promise<ItemsPage<SecurityEvent>> {
    return readAuditPage(
      page,
      (limit, offset) => this.deps.auditEntries.ownerPage(caller.userId, securityTimelineActions, limit, offset),
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
