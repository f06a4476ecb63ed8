import { pingDatabase, type DatabasePool } from '@platform/lib/database';
import type { Subgraph } from '@platform/lib/graphql/subgraph';
import type { Platform } from '@platform/lib/platform';
import { ActivityFeed } from './activities/activity-feed.js';
import { createProjectsServices, type ProjectsContext, type ProjectsShared } from './context.js';
import { projectsDatabase } from './database.js';
import { uploadRequestBytes } from './files/file.content.js';
import { FileStorage } from './files/file.storage.js';
import { buildProjectsSchema } from './schema.js';
import { WebhookDeliveries } from './webhooks/webhook-deliveries.js';
import { WebhookQueue } from './webhooks/webhook-queue.js';
import { WebhookRepository } from './webhooks/webhook.repository.js';

/** What one delivery may send and keep (decisions: Dashboards that integrate (issue 28)). */
const webhookLimits = { timeoutMs: 10_000, maxBodyBytes: 256 * 1024, maxResponseBytes: 4096 };

export async function createProjectsSubgraph(
  platform: Platform,
  database: DatabasePool,
): Promise<Subgraph<ProjectsContext>> {
  const orm = await database.open(projectsDatabase);
  const { schema, sdl } = await buildProjectsSchema();
  const files = await FileStorage.open(platform.config.FILES_DIR);
  const activityFeed = new ActivityFeed({ pubSub: platform.stores.pubSub, logger: platform.logger });
  const webhookQueue = await WebhookQueue.open(database.jobs(platform), platform.config);
  // Every projects process works the webhooks' queues: the job engine gives each job to one worker in the cluster.
  const webhookDeliveries = new WebhookDeliveries({
    rows: () => new WebhookRepository(orm.em.fork()),
    queue: webhookQueue,
    cipher: platform.cipher,
    notices: platform.notifications.as('projects'),
    limits: { ...webhookLimits, allowedHosts: platform.config.WEBHOOK_ALLOWED_HOSTS },
    now: platform.now,
    logger: platform.logger,
  });
  await webhookDeliveries.start();
  const shared: ProjectsShared = { orm, platform, storage: files, feed: activityFeed, webhookQueue };
  return {
    name: 'projects',
    schema,
    sdl,
    createContext: (base) => ({ ...base, projects: createProjectsServices(shared, base) }),
    content: (base, id) => createProjectsServices(shared, base).files.content(id),
    health: () => pingDatabase(orm),
    requestBodyLimit: uploadRequestBytes,
    close: () => webhookDeliveries.stop(),
  };
}
