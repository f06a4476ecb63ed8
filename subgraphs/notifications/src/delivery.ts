import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { transactionClient, type DatabasePool } from '@platform/lib/database';
import type { Platform } from '@platform/lib/platform';
import { openChannels, type JobChannels } from './channels/channel.wiring.js';
import { InAppChannel } from './channels/in-app.channel.js';
import { PushChannel } from './channels/push.channel.js';
import { WebPushChannel } from './channels/web-push.channel.js';
import { DeviceRepository } from './devices/device.repository.js';
import { InboxEvents } from './inbox/inbox-events.js';
import { inboxWiring } from './inbox/inbox.wiring.js';
import { NotificationRepository } from './inbox/notification.repository.js';
import { JobQueue } from './jobs/job-queue.js';
import { JobProcessor } from './jobs/job.processor.js';
import { JobRepository } from './jobs/job.repository.js';
import { idempotencyWiring } from './idempotency/idempotency.wiring.js';
import { jobWiring } from './jobs/job.wiring.js';
import { moveLegacyJobs } from './jobs/legacy-queue.js';
import { PreferenceRepository } from './preferences/preference.repository.js';
import { StoredRecipientPreferences } from './preferences/recipient-preferences.js';
import { WebPushSubscriptionRepository } from './web-push/web-push-subscription.repository.js';

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

/**
 * The processor of one job, its repositories over the job's own entity manager: the jobs' processor given the
 * channels' senders here, where features are composed, so that channels/ imports jobs/ and never the reverse.
 */
function jobProcessorOf(
  em: EntityManager,
  parts: { events: InboxEvents; channels: JobChannels; platform: Pick<Platform, 'cipher' | 'logger' | 'config'> },
): JobProcessor {
  const { events, channels, platform } = parts;
  const repository = new JobRepository(em);
  return new JobProcessor({
    repository,
    preferences: new StoredRecipientPreferences({
      repository: new PreferenceRepository(em),
      criticalEvents: platform.config.NOTIFICATION_CRITICAL_EVENTS,
    }),
    inApp: new InAppChannel({ notifications: new NotificationRepository(em), jobs: repository, events }),
    email: channels.email,
    push: new PushChannel({
      devices: new DeviceRepository(em),
      cipher: platform.cipher,
      fcm: channels.fcm,
      oneSignal: channels.oneSignal,
    }),
    webPush: new WebPushChannel({
      subscriptions: new WebPushSubscriptionRepository(em),
      provider: channels.webPush,
    }),
    logger: platform.logger,
  });
}

/** The worker's repositories use `orm`'s pool, the process's one; its queues are on the pool's job engine. */
export async function openDelivery(
  platform: Platform,
  orm: MikroORM,
  database: Pick<DatabasePool, 'jobs'>,
): Promise<DeliveryRuntime> {
  const { config, logger } = platform;
  const queue = await JobQueue.open(database.jobs(platform), config);
  const moved = await orm.em.fork().transactional(async (em) => moveLegacyJobs(await transactionClient(em)));
  if (moved > 0) logger.info({ moved }, 'notification jobs moved from notifications_boss to the job engine');
  const events = new InboxEvents({
    pubSub: platform.stores.pubSub,
    unreadSince: (userIds, since) => new NotificationRepository(orm.em.fork()).unreadSince(userIds, since),
    logger,
  });
  let closeChannels = async () => {};
  return {
    queue,
    events,
    startWorker: async () => {
      const channels = openChannels(platform.config);
      closeChannels = async () => {
        channels.email?.close();
        await Promise.all([channels.fcm?.close(), channels.oneSignal?.close()]);
      };
      // Each job gets repositories over a fresh fork of the entity manager, as each request does (context.ts).
      await queue.work((job, attempt) =>
        jobProcessorOf(orm.em.fork(), { events, channels, platform }).process(job.jobId, attempt),
      );
      await queue.workWakes((wake) => inboxWiring.states({ em: orm.em.fork(), events, queue, platform }).wake(wake));
      await queue.workRequests(async ({ request, serviceName }, requestId) => {
        const em = orm.em.fork();
        const idempotency = idempotencyWiring.idempotency({ em, platform });
        await jobWiring.jobs({ em, queue, platform, idempotency }).accept(requestId, request, serviceName);
      });
      logger.info('notification worker started');
    },
    close: async () => {
      await queue.stop();
      await closeChannels();
    },
  };
}
