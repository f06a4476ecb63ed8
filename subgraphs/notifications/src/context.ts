import type { MikroORM } from '@mikro-orm/postgresql';
import type { GatewayContext } from '@platform/lib/graphql/context';
import type { Platform } from '@platform/lib/platform';
import type { DeliveryRuntime } from './delivery.js';
import { DeviceRepository } from './devices/device.repository.js';
import { DeviceService } from './devices/device.service.js';
import type { InboxEvents } from './inbox/inbox-events.js';
import { InboxService } from './inbox/inbox.service.js';
import { NotificationRepository } from './inbox/notification.repository.js';
import { JobRepository } from './jobs/job.repository.js';
import { JobService } from './jobs/job.service.js';

export interface NotificationsServices {
  inbox: InboxService;
  devices: DeviceService;
  jobs: JobService;
  events: InboxEvents;
}

export interface NotificationsContext extends GatewayContext {
  notifications: NotificationsServices;
}

export function createNotificationsServices(
  platform: Platform,
  orm: MikroORM,
  delivery: DeliveryRuntime,
): NotificationsServices {
  const em = orm.em.fork();
  return {
    inbox: new InboxService(new NotificationRepository(em), delivery.events),
    devices: new DeviceService(new DeviceRepository(em), platform.cipher),
    jobs: new JobService(new JobRepository(em), delivery.queue),
    events: delivery.events,
  };
}
