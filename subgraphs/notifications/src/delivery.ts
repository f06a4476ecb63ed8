import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Platform } from '@platform/lib/platform';
import { EmailChannel } from './channels/email.channel.js';
import { InAppChannel } from './channels/in-app.channel.js';
import { FcmProvider, OneSignalProvider, type PushProvider } from './channels/push-providers.js';
import { PushChannel } from './channels/push.channel.js';
import { DeviceRepository } from './devices/device.repository.js';
import { InboxEvents } from './inbox/inbox-events.js';
import { NotificationRepository } from './inbox/notification.repository.js';
import { JobQueue } from './jobs/job-queue.js';
import { JobProcessor } from './jobs/job.processor.js';
import { JobRepository } from './jobs/job.repository.js';
import { JobService } from './jobs/job.service.js';

/**
 * The durable job machinery of one process: queue, inbox events, and (when it runs here) the worker, which also
 * accepts the requests other processes queued.
 */
export interface DeliveryRuntime {
  queue: JobQueue;
  events: InboxEvents;
  startWorker(): Promise<void>;
  close(): Promise<void>;
}

function pushProviders(platform: Platform): { fcm: PushProvider | null; oneSignal: PushProvider | null } {
  const { config } = platform;
  const fcm = config.FCM_ENABLED ? new FcmProvider(config) : null;
  const oneSignal =
    config.ONESIGNAL_APP_ID && config.ONESIGNAL_API_KEY
      ? new OneSignalProvider(config.ONESIGNAL_APP_ID, config.ONESIGNAL_API_KEY, config.ONESIGNAL_API_URL)
      : null;
  return { fcm, oneSignal };
}

/** The worker's repositories use `orm`'s pool, the process's one; pg-boss connects with `databaseUrl`. */
export async function openDelivery(platform: Platform, orm: MikroORM, databaseUrl: string): Promise<DeliveryRuntime> {
  const { config, logger } = platform;
  const queue = await JobQueue.start(databaseUrl, config, logger);
  const events = new InboxEvents(platform.stores.pubSub);
  let closeChannels = async () => {};
  return {
    queue,
    events,
    startWorker: async () => {
      const email = config.SMTP_URL ? new EmailChannel(config.SMTP_URL, config.MAIL_FROM) : null;
      const { fcm, oneSignal } = pushProviders(platform);
      // Each job gets repositories over a fresh fork of the entity manager, as each request does (context.ts).
      const processorFor = (em: EntityManager) =>
        new JobProcessor(
          new JobRepository(em),
          new InAppChannel(new NotificationRepository(em), events),
          email,
          new PushChannel(new DeviceRepository(em), platform.cipher, fcm, oneSignal),
          logger,
        );
      closeChannels = async () => {
        email?.close();
        await Promise.all([fcm?.close(), oneSignal?.close()]);
      };
      await queue.work((job, attempt) => processorFor(orm.em.fork()).process(job.jobId, attempt));
      await queue.workRequests(async ({ request, serviceName }, requestId) => {
        await new JobService(new JobRepository(orm.em.fork()), queue).accept(requestId, request, serviceName);
      });
      logger.info('notification worker started');
    },
    close: async () => {
      await queue.stop();
      await closeChannels();
    },
  };
}
