import type { EntityManager } from '@mikro-orm/postgresql';
import type { Platform } from '@platform/lib/platform';
import type { AuditWriter } from '../audit/audit.service.js';
import type { RevocationService } from '../revocations/revocation.service.js';
import { ServiceTokenRepository } from './service-token.repository.js';
import { ServiceTokenService } from './service-token.service.js';

/** How service tokens are built for a request (context.ts). */
export const serviceTokenWiring = {
  serviceTokens: (scope: {
    em: EntityManager;
    revocations: RevocationService;
    audit: AuditWriter;
    platform: Pick<Platform, 'codec' | 'now'>;
  }) =>
    new ServiceTokenService({
      serviceTokens: new ServiceTokenRepository(scope.em),
      codec: scope.platform.codec,
      revocations: scope.revocations,
      audit: scope.audit,
      now: scope.platform.now,
    }),
};
