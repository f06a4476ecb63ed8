import type { Platform } from '@platform/lib/platform';
import type { AuditWriter } from '../audit/audit.service.js';
import type { DeviceRepository } from '../devices/device.repository.js';
import type { RevocationService } from '../revocations/revocation.service.js';
import type { TokenFamilyRepository } from '../sessions/token-family.repository.js';
import { SessionManagementService } from './session-management.service.js';

/** How session management is built for a request (context.ts). */
export const sessionManagementWiring = {
  sessionManagement: (scope: {
    tokenFamilyRows: TokenFamilyRepository;
    deviceRows: DeviceRepository;
    revocations: RevocationService;
    audit: AuditWriter;
    platform: Pick<Platform, 'rateLimiter' | 'now'>;
  }) =>
    new SessionManagementService({
      tokenFamilies: scope.tokenFamilyRows,
      devices: scope.deviceRows,
      revocations: scope.revocations,
      rateLimiter: scope.platform.rateLimiter,
      audit: scope.audit,
      now: scope.platform.now,
    }),
};
