import type { EntityManager } from '@mikro-orm/postgresql';
import type { Platform } from '@platform/lib/platform';
import type { IdempotencyService } from '../idempotency/idempotency.service.js';
import type { InboxEvents } from './inbox-events.js';
import { InboxStateService, type SnoozeWakes } from './inbox-state.service.js';
import { InboxService } from './inbox.service.js';
import { NotificationRepository } from './notification.repository.js';

/** How the inbox is built for a request (context.ts). */
export const inboxWiring = {
  inbox: (scope: {
    em: EntityManager;
    events: InboxEvents;
    idempotency: IdempotencyService;
    platform: Pick<Platform, 'now'>;
  }) =>
    new InboxService({
      repository: new NotificationRepository(scope.em),
      events: scope.events,
      idempotency: scope.idempotency,
      now: scope.platform.now,
    }),
  states: (scope: { em: EntityManager; events: InboxEvents; queue: SnoozeWakes; platform: Pick<Platform, 'now'> }) =>
    new InboxStateService({
      repository: new NotificationRepository(scope.em),
      events: scope.events,
      wakes: scope.queue,
      now: scope.platform.now,
    }),
};
