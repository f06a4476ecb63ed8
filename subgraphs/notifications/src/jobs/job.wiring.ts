import type { EntityManager } from '@mikro-orm/postgresql';
import type { Platform } from '@platform/lib/platform';
import type { JobChannels } from '../channels/channel.wiring.js';
import { InAppChannel } from '../channels/in-app.channel.js';
import { PushChannel } from '../channels/push.channel.js';
import { DeviceRepository } from '../devices/device.repository.js';
import type { InboxEvents } from '../inbox/inbox-events.js';
import { NotificationRepository } from '../inbox/notification.repository.js';
import type { JobQueue } from './job-queue.js';
import { JobProcessor } from './job.processor.js';
import { JobRepository } from './job.repository.js';
import { JobService } from './job.service.js';

/** How jobs are built for a request (context.ts), and for a queued request the worker accepts (delivery.ts). */
export const jobWiring = {
  jobs: (scope: { em: EntityManager; queue: JobQueue; platform: Pick<Platform, 'now'> }) =>
    new JobService({ repository: new JobRepository(scope.em), queue: scope.queue, now: scope.platform.now }),
};

/** How the worker builds the processor of one job: repositories over the job's own entity manager. */
export function jobProcessorOf(
  em: EntityManager,
  parts: { events: InboxEvents; channels: JobChannels; platform: Pick<Platform, 'cipher' | 'logger'> },
): JobProcessor {
  const { events, channels, platform } = parts;
  return new JobProcessor({
    repository: new JobRepository(em),
    inApp: new InAppChannel({ notifications: new NotificationRepository(em), events }),
    email: channels.email,
    push: new PushChannel({
      devices: new DeviceRepository(em),
      cipher: platform.cipher,
      fcm: channels.fcm,
      oneSignal: channels.oneSignal,
    }),
    logger: platform.logger,
  });
}
