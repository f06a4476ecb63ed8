import type { EntityManager } from '@mikro-orm/postgresql';
import type { Platform } from '@platform/lib/platform';
import { WebhookOutbox } from './webhook-outbox.js';
import type { WebhookQueue } from './webhook-queue.js';
import { WebhookRepository } from './webhook.repository.js';

/** How a request's webhook parts are built (context.ts); the queue is the process's own. */
export const webhookWiring = {
  webhookRows: (scope: { em: EntityManager }) => new WebhookRepository(scope.em),
  changeEvents: (scope: { em: EntityManager; webhookQueue: WebhookQueue; platform: Pick<Platform, 'now'> }) =>
    new WebhookOutbox({ em: scope.em, queue: scope.webhookQueue, now: scope.platform.now }),
};
