import type { Platform } from '@platform/lib/platform';
import type { ProjectService } from '../projects/project.service.js';
import type { WebhookQueue } from '../webhooks/webhook-queue.js';
import type { WebhookRepository } from '../webhooks/webhook.repository.js';
import { WebhookEndpointService } from './webhook-endpoint.service.js';

/** How endpoint management is built for a request (context.ts). */
export const webhookEndpointWiring = {
  webhookEndpoints: (scope: {
    webhookRows: WebhookRepository;
    projects: ProjectService;
    webhookQueue: WebhookQueue;
    platform: Pick<Platform, 'cipher' | 'config' | 'now'>;
  }) =>
    new WebhookEndpointService({
      rows: scope.webhookRows,
      projects: scope.projects,
      queue: scope.webhookQueue,
      cipher: scope.platform.cipher,
      allowedHosts: scope.platform.config.WEBHOOK_ALLOWED_HOSTS,
      now: scope.platform.now,
    }),
};
