import type { AuditEntry } from './audit-entry.entity.js';
import type { ItemsPage } from '@platform/lib/paging';
import { readAuditPage } from './audit-page.js';
import type { AuditRepository } from './audit.repository.js';
import type { AuditEntryType, AuditLogFilter, PageInput } from './audit.types.js';

const asJson = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

export interface AuditLogServiceDependencies {
  auditEntries: AuditRepository;
}

/** Admins read the audit log through the graph, newest first. */
export class AuditLogService {
  constructor(private readonly deps: AuditLogServiceDependencies) {}

  list(
    filter: AuditLogFilter | null | undefined,
    page: PageInput | null | undefined,
  ): Promise<ItemsPage<AuditEntryType>> {
    const where = {
      ...(filter?.action ? { action: filter.action } : {}),
      ...(filter?.userId ? { userId: filter.userId } : {}),
      ...(filter?.result ? { result: filter.result as AuditEntry['result'] } : {}),
    };
    return readAuditPage(
      page,
      (limit, offset) => this.deps.auditEntries.page(where, limit, offset),
      (entry) => ({
        ...entry,
        id: String(entry.id),
        signature: asJson(entry.signature),
        details: asJson(entry.details),
        createdAt: entry.createdAt.toISOString(),
      }),
    );
  }
}
