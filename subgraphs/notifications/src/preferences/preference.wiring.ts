import type { EntityManager } from '@mikro-orm/postgresql';
import type { Platform } from '@platform/lib/platform';
import { PreferenceRepository } from './preference.repository.js';
import { PreferenceService } from './preference.service.js';

/** How preferences are built for a request (context.ts). */
export const preferenceWiring = {
  preferences: (scope: { em: EntityManager; platform: Pick<Platform, 'config' | 'now'> }) =>
    new PreferenceService({
      repository: new PreferenceRepository(scope.em),
      criticalEvents: scope.platform.config.NOTIFICATION_CRITICAL_EVENTS,
      now: scope.platform.now,
    }),
};
