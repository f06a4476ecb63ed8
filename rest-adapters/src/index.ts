import { authRoutes } from './auth.routes.js';
import { commentRoutes } from './comment.routes.js';
import { confirmationRoutes } from './confirmation.routes.js';
import { deviceRoutes } from './device.routes.js';
import { fileRoutes } from './file.routes.js';
import { inboxRoutes } from './inbox.routes.js';
import { mobileRoutes } from './mobile.routes.js';
import { notificationRoutes } from './notifications.routes.js';
import { passkeyRoutes } from './passkey.routes.js';
import { projectRoutes } from './project.routes.js';
import type { RestRoute } from './route.js';
import { sessionRoutes } from './session.routes.js';
import { taskFacetRoutes } from './task-facet.routes.js';
import { taskRoutes } from './task.routes.js';
import { webhookRoutes } from './webhook.routes.js';

export type { RestRoute } from './route.js';

/** Every REST path served by the edge; later features append their declaration files here. */
export const restRoutes: RestRoute[] = [
  ...authRoutes,
  ...sessionRoutes,
  ...deviceRoutes,
  ...mobileRoutes,
  ...confirmationRoutes,
  ...passkeyRoutes,
  ...notificationRoutes,
  ...inboxRoutes,
  ...fileRoutes,
  ...projectRoutes,
  ...taskRoutes,
  ...taskFacetRoutes,
  ...commentRoutes,
  ...webhookRoutes,
];
