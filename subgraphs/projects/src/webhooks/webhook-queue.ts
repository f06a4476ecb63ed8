import type { Config } from '@platform/lib/config';
import type { JobEngine, QueueOptions, SqlClient } from '@platform/lib/jobs/job-engine';
import type { WebhookEvent } from './webhook-events.js';

/** The events of one committed change, fanned out to the endpoints that asked for them. */
export const webhookEventQueue = 'webhook-events';
/** One delivery of one event to one endpoint, retried with backoff for about a day. */
export const webhookDeliveryQueue = 'webhook-deliveries';

export interface QueuedEvents {
  events: WebhookEvent[];
}

export interface QueuedDelivery {
  deliveryId: string;
}

/** Fan-out is local work (one read, one insert): a few quick retries cover a database blip. */
const eventQueueOptions: QueueOptions = {
  retryLimit: 5,
  retryDelay: 1,
  retryBackoff: true,
  expireInSeconds: 60,
  deadLetter: 'webhook-events-dead',
};

/**
 * WEBHOOK_RETRY_LIMIT retries from WEBHOOK_RETRY_DELAY_SECONDS, doubling unless WEBHOOK_RETRY_BACKOFF is false
 * (about a day by default, config.ts). A
 * delivery under way is never older than its timeout: a job active for a minute lost its worker and is retried.
 */
function deliveryQueueOptions(
  config: Pick<Config, 'WEBHOOK_RETRY_LIMIT' | 'WEBHOOK_RETRY_DELAY_SECONDS' | 'WEBHOOK_RETRY_BACKOFF'>,
): QueueOptions {
  return {
    retryLimit: config.WEBHOOK_RETRY_LIMIT,
    retryDelay: config.WEBHOOK_RETRY_DELAY_SECONDS,
    retryBackoff: config.WEBHOOK_RETRY_BACKOFF,
    expireInSeconds: 60,
    deadLetter: 'webhook-deliveries-dead',
  };
}

/** The webhooks' two queues on the process's one job engine (lib/jobs/job-engine.ts). */
export class WebhookQueue {
  private constructor(private readonly jobs: JobEngine) {}

  static async open(jobs: JobEngine, config: Config): Promise<WebhookQueue> {
    await jobs.queue(webhookEventQueue, eventQueueOptions);
    await jobs.queue(webhookDeliveryQueue, deliveryQueueOptions(config));
    return new WebhookQueue(jobs);
  }

  /** Inside the change's transaction: one insert however many events, durable exactly when the change commits. */
  async sendEvents(events: WebhookEvent[], within: SqlClient): Promise<void> {
    if (!(await this.jobs.send(webhookEventQueue, { events } satisfies QueuedEvents, { within }))) {
      throw new Error('webhook events not queued');
    }
  }

  /**
   * A delivery's job. Its job id is the fan-out's (`jobId`) so that a fan-out run twice queues each once; a
   * replay passes a fresh one.
   */
  async sendDelivery(deliveryId: string, jobId: string): Promise<void> {
    await this.jobs.send(webhookDeliveryQueue, { deliveryId } satisfies QueuedDelivery, { id: jobId });
  }

  workEvents(handler: (queued: QueuedEvents) => Promise<void>): Promise<void> {
    return this.jobs.work<QueuedEvents>(webhookEventQueue, (queued) => handler(queued));
  }

  /** A slow receiver holds one worker for its timeout: several, so it does not hold back the others. */
  workDeliveries(handler: (queued: QueuedDelivery, lastAttempt: boolean) => Promise<void>): Promise<void> {
    return this.jobs.work<QueuedDelivery>(
      webhookDeliveryQueue,
      (queued, attempt) => handler(queued, attempt.retryCount >= attempt.retryLimit),
      { concurrency: 4 },
    );
  }

  async stop(): Promise<void> {
    await Promise.all([this.jobs.stopWork(webhookEventQueue), this.jobs.stopWork(webhookDeliveryQueue)]);
  }
}
