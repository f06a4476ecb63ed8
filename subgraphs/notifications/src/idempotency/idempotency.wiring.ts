import type { EntityManager } from '@mikro-orm/postgresql';
import type { Platform } from '@platform/lib/platform';
import { IdempotencyRepository } from './idempotency.repository.js';
import { IdempotencyService } from './idempotency.service.js';

/** How the Idempotency-Key keeper is built for a request (context.ts). */
export const idempotencyWiring = {
  idempotency: (scope: { em: EntityManager; platform: Pick<Platform, 'now'> }) =>
    new IdempotencyService({ repository: new IdempotencyRepository(scope.em), now: scope.platform.now }),
};
