import type { EntityManager } from '@mikro-orm/postgresql';
import type { GatewayContext } from '@platform/lib/graphql/context';
import type { ServicesFactory, SubgraphShared } from '@platform/lib/graphql/subgraph';
import { lazyScope } from '@platform/lib/lazy-scope';
import type { Platform } from '@platform/lib/platform';
import type { DeliveryRuntime } from './delivery.js';
import type { DeviceService } from './devices/device.service.js';
import { deviceWiring } from './devices/device.wiring.js';
import type { IdempotencyService } from './idempotency/idempotency.service.js';
import { idempotencyWiring } from './idempotency/idempotency.wiring.js';
import type { InboxEvents } from './inbox/inbox-events.js';
import type { InboxStateService } from './inbox/inbox-state.service.js';
import type { InboxService } from './inbox/inbox.service.js';
import { inboxWiring } from './inbox/inbox.wiring.js';
import type { JobQueue } from './jobs/job-queue.js';
import type { PreferenceService } from './preferences/preference.service.js';
import { preferenceWiring } from './preferences/preference.wiring.js';
import type { JobService } from './jobs/job.service.js';
import { jobWiring } from './jobs/job.wiring.js';
import type { WebPushService } from './web-push/web-push.service.js';
import { webPushWiring } from './web-push/web-push.wiring.js';

/** The notification subgraph's process-wide parts: the job queue and inbox events of its delivery runtime. */
export interface NotificationsShared extends SubgraphShared {
  delivery: DeliveryRuntime;
}

export interface NotificationsServices {
  inbox: InboxService;
  states: InboxStateService;
  preferences: PreferenceService;
  webPush: WebPushService;
  devices: DeviceService;
  jobs: JobService;
  events: InboxEvents;
}

export interface NotificationsContext extends GatewayContext {
  notifications: NotificationsServices;
}

/** Everything a request's services are built from, each part built on its first use (lib/lazy-scope.ts). */
interface NotificationsScope extends NotificationsServices {
  platform: Platform;
  em: EntityManager;
  queue: JobQueue;
  idempotency: IdempotencyService;
}

/** Per-request services over a forked entity manager, each built when the request first needs it. */
export const createNotificationsServices: ServicesFactory<NotificationsShared, NotificationsServices> = (shared) =>
  lazyScope<NotificationsScope>({
    platform: () => shared.platform,
    em: () => shared.orm.em.fork(),
    queue: () => shared.delivery.queue,
    events: () => shared.delivery.events,
    ...idempotencyWiring,
    ...deviceWiring,
    ...inboxWiring,
    ...jobWiring,
    ...preferenceWiring,
    ...webPushWiring,
  });
