import type { EntityManager } from '@mikro-orm/postgresql';
import type { Platform } from '@platform/lib/platform';
import { DeviceRepository } from './device.repository.js';
import { DeviceService } from './device.service.js';

/** How push devices are built for a request (context.ts). */
export const deviceWiring = {
  devices: (scope: { em: EntityManager; platform: Pick<Platform, 'cipher' | 'now'> }) =>
    new DeviceService({
      repository: new DeviceRepository(scope.em),
      cipher: scope.platform.cipher,
      now: scope.platform.now,
    }),
};
