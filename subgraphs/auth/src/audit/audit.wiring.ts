import type { EntityManager } from '@mikro-orm/postgresql';
import type { GatewayContext } from '@platform/lib/graphql/context';
import type { Platform } from '@platform/lib/platform';
import { AuditLogService } from './audit-log.service.js';
import { AuditRepository } from './audit.repository.js';
import { AuditWriter } from './audit.service.js';

/** How the audit feature's parts are built for a request, each from the parts it names (context.ts). */
export const auditWiring = {
  auditEntries: (scope: { em: EntityManager }) => new AuditRepository(scope.em),
  audit: (scope: { auditEntries: AuditRepository; request: GatewayContext; platform: Pick<Platform, 'now'> }) =>
    new AuditWriter({ auditEntries: scope.auditEntries, request: scope.request.request, now: scope.platform.now }),
  auditLog: (scope: { auditEntries: AuditRepository }) => new AuditLogService({ auditEntries: scope.auditEntries }),
};
