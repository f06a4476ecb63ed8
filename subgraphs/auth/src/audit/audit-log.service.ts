import { validate, z } from '@platform/lib/validation';
import type { AuditEntry } from './audit-entry.entity.js';
import type { AuditRepository } from './audit.repository.js';
import type { AuditLogFilter, AuditLogPage, PageInput } from './audit.types.js';

/** A page of the audit log, the admins' or an owner's timeline: page >= 1, 1..100 entries (default 20). */
export const auditPageInput = z.object({
  page: z.number().int().min(1, 'must be at least 1').default(1),
  limit: z.number().int().min(1, 'must be at least 1').max(100, 'must be at most 100').default(20),
});

const asJson = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** Admins read the audit log through the graph, newest first. */
export class AuditLogService {
  constructor(private readonly auditEntries: AuditRepository) {}

  async list(filter: AuditLogFilter | null | undefined, page: PageInput | null | undefined): Promise<AuditLogPage> {
    const { page: currentPage, limit } = validate(auditPageInput, page ?? {});
    const where = {
      ...(filter?.action ? { action: filter.action } : {}),
      ...(filter?.userId ? { userId: filter.userId } : {}),
      ...(filter?.result ? { result: filter.result as AuditEntry['result'] } : {}),
    };
    const [entries, totalItems] = await this.auditEntries.page(where, limit, (currentPage - 1) * limit);
    return {
      items: entries.map((entry) => ({
        ...entry,
        id: String(entry.id),
        signature: asJson(entry.signature),
        details: asJson(entry.details),
        createdAt: entry.createdAt.toISOString(),
      })),
      currentPage,
      totalItems,
      totalPages: Math.ceil(totalItems / limit),
    };
  }
}
