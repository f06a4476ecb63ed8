import type { AuditRepository } from '../audit/audit.repository.js';
import { SecurityTimelineService } from './security-timeline.service.js';

/** How the security timeline is built for a request (context.ts). */
export const securityTimelineWiring = {
  securityTimeline: (scope: { auditEntries: AuditRepository }) =>
    new SecurityTimelineService({ auditEntries: scope.auditEntries }),
};
