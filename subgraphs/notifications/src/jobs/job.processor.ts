import type { Logger } from '@platform/lib/logger';
import type { Delivery, JobRepository, SkippableChannel, StoredJob } from './job.repository.js';

/** At most this many e-mails or pushes of one job in flight at once. */
const parallelSends = 8;

async function eachLimited<T>(items: T[], work: (item: T) => Promise<void>): Promise<unknown[]> {
  const failures: unknown[] = [];
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item).catch((error: unknown) => failures.push(error));
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallelSends, items.length) }, lane));
  return failures;
}

const wants = (delivery: Delivery, channel: string) => delivery.channels.includes(channel);

/*
 * What the processor asks of each channel, declared here and implemented in channels/: the channels speak a
 * job's records, so they import jobs/, and jobs/ imports no channel.
 */

/** Writes the inbox rows of a job's recipients not yet delivered in the app, and announces them. */
export interface InAppDelivery {
  deliver(job: StoredJob, deliveries: Delivery[]): Promise<void>;
}

export interface EmailRecipient {
  email: string;
  context: Record<string, unknown>;
}

export interface EmailSender {
  send(job: StoredJob, recipient: EmailRecipient): Promise<void>;
}

/** Pushes a job to every device of a user. */
export interface PushSender {
  send(job: StoredJob, userId: number): Promise<void>;
}

/** Pushes a job to every browser subscription (Web Push) of a user. */
export interface WebPushSender {
  send(job: StoredJob, userId: number): Promise<void>;
}

/** Whether each recipient receives the job's trigger event on a channel (their preferences, critical events). */
export interface RecipientPreferences {
  of(triggerEvent: string | null, userIds: number[]): Promise<(userId: number, channel: string) => boolean>;
}

export interface JobProcessorDependencies {
  repository: JobRepository;
  preferences: RecipientPreferences;
  inApp: InAppDelivery;
  email: EmailSender | null;
  push: PushSender;
  webPush: WebPushSender;
  logger: Logger;
}

/**
 * Runs one job: every channel of every recipient not yet marked delivered. A failed channel keeps its
 * mark empty and fails the attempt, so pg-boss retries only what is missing; the last attempt marks the
 * job dead (dead-letter queue).
 */
export class JobProcessor {
  constructor(private readonly deps: JobProcessorDependencies) {}

  async process(jobId: string, attempt: { retryCount: number; retryLimit: number }): Promise<void> {
    const job = await this.deps.repository.claim(jobId);
    if (!job) return;
    try {
      await this.run(job);
      await this.deps.repository.markStatus(jobId, 'completed');
    } catch (error) {
      const exhausted = attempt.retryCount >= attempt.retryLimit;
      const message = error instanceof Error ? error.message : String(error);
      await this.deps.repository.markStatus(jobId, exhausted ? 'dead' : 'queued', message);
      this.deps.logger.warn(
        { jobId, attempt: attempt.retryCount, exhausted, err: error },
        'notification job attempt failed',
      );
      throw error;
    }
  }

  private async run(job: StoredJob): Promise<void> {
    const deliveries = await this.deps.repository.pendingDeliveries(job.id);
    const receives = await this.deps.preferences.of(
      job.request.triggerEvent ?? null,
      deliveries.map((delivery) => delivery.userId),
    );
    const due = async (channel: SkippableChannel, pending: (delivery: Delivery) => boolean) => {
      const wanted = deliveries.filter((delivery) => wants(delivery, channel) && pending(delivery));
      const muted = new Set(wanted.filter((delivery) => !receives(delivery.userId, channel)));
      await this.deps.repository.markSkipped(
        job.id,
        channel,
        [...muted].map((delivery) => delivery.recipientIndex),
      );
      return wanted.filter((delivery) => !muted.has(delivery));
    };
    await this.deps.inApp.deliver(job, await due('in_app', (delivery) => !delivery.inAppAt));
    const failures = [
      ...(await this.sendEmails(job, await due('email', (delivery) => !delivery.emailAt))),
      ...(await this.sendPushes(job, await due('push', (delivery) => !delivery.pushAt))),
      ...(await this.sendWebPushes(job, await due('web_push', (delivery) => !delivery.webPushAt))),
    ];
    if (failures.length > 0) {
      throw new Error(
        `${failures.length} deliveries failed; first: ${String((failures[0] as Error)?.message ?? failures[0])}`,
      );
    }
  }

  private sendEmails(job: StoredJob, deliveries: Delivery[]): Promise<unknown[]> {
    return eachLimited(deliveries, async (delivery) => {
      if (delivery.email && this.deps.email) {
        await this.deps.email.send(job, { email: delivery.email, context: delivery.context });
      } else {
        this.deps.logger.warn(
          { jobId: job.id, recipient: delivery.recipientIndex },
          'e-mail skipped: no address or no SMTP',
        );
      }
      await this.deps.repository.markDelivered(job.id, 'email_at', [delivery.recipientIndex]);
    });
  }

  private sendPushes(job: StoredJob, deliveries: Delivery[]): Promise<unknown[]> {
    return eachLimited(deliveries, async (delivery) => {
      await this.deps.push.send(job, delivery.userId);
      await this.deps.repository.markDelivered(job.id, 'push_at', [delivery.recipientIndex]);
    });
  }

  private sendWebPushes(job: StoredJob, deliveries: Delivery[]): Promise<unknown[]> {
    return eachLimited(deliveries, async (delivery) => {
      await this.deps.webPush.send(job, delivery.userId);
      await this.deps.repository.markDelivered(job.id, 'web_push_at', [delivery.recipientIndex]);
    });
  }
}
