import type { EntityManager } from '@mikro-orm/postgresql';
import type { Platform } from '@platform/lib/platform';
import type { IdempotencyService } from '../idempotency/idempotency.service.js';
import type { JobQueue } from './job-queue.js';
import { JobRepository } from './job.repository.js';
import { JobService } from './job.service.js';

/** How jobs are built for a request (context.ts), and for a queued request the worker accepts (delivery.ts). */
export const jobWiring = {
  jobs: (scope: {
    em: EntityManager;
    queue: JobQueue;
    idempotency: IdempotencyService;
    platform: Pick<Platform, 'now'>;
  }) =>
    new JobService({
      repository: new JobRepository(scope.em),
      queue: scope.queue,
      idempotency: scope.idempotency,
      now: scope.platform.now,
    }),
};
