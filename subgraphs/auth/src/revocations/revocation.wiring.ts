import type { EntityManager } from '@mikro-orm/postgresql';
import type { Platform } from '@platform/lib/platform';
import type { UnitOfWork } from '@platform/lib/unit-of-work';
import { RevocationRepository } from './revocation.repository.js';
import { RevocationService } from './revocation.service.js';

/** How revocation is built for a request (context.ts). */
export const revocationWiring = {
  revocations: (scope: {
    em: EntityManager;
    unitOfWork: UnitOfWork;
    platform: Pick<Platform, 'revocations' | 'now'>;
  }) =>
    new RevocationService({
      ledger: new RevocationRepository(scope.em),
      unitOfWork: scope.unitOfWork,
      cache: scope.platform.revocations,
      now: scope.platform.now,
    }),
};
