import type { EntityManager } from '@mikro-orm/postgresql';
import type { Platform } from '@platform/lib/platform';
import { WebPushSubscriptionRepository } from './web-push-subscription.repository.js';
import { WebPushService } from './web-push.service.js';

/** How Web Push subscriptions are built for a request (context.ts). */
export const webPushWiring = {
  webPush: (scope: { em: EntityManager; platform: Pick<Platform, 'config' | 'now'> }) =>
    new WebPushService({
      subscriptions: new WebPushSubscriptionRepository(scope.em),
      publicKey: scope.platform.config.WEB_PUSH_VAPID_PUBLIC_KEY ?? null,
      now: scope.platform.now,
    }),
};
