import type { MikroORM } from '@mikro-orm/postgresql';
import { transactionClient, type DatabasePool } from '@platform/lib/database';
import type { Platform } from '@platform/lib/platform';
import { openChannels } from './channels/channel.wiring.js';
import { InboxEvents } from './inbox/inbox-events.js';
import { JobQueue } from './jobs/job-queue.js';
import { jobProcessorOf, jobWiring } from './jobs/job.wiring.js';
import { moveLegacyJobs } from './jobs/legacy-queue.js';

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
  const events = new InboxEvents(platform.stores.pubSub);
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
      await queue.workRequests(async ({ request, serviceName }, requestId) => {
        await jobWiring.jobs({ em: orm.em.fork(), queue, platform }).accept(requestId, request, serviceName);
      });
      logger.info('notification worker started');
    },
    close: async () => {
      await queue.stop();
      await closeChannels();
    },
  };
}
