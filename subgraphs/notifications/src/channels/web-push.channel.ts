import webPush from 'web-push';
import type { StoredJob } from '../jobs/job.repository.js';
import type { WebPushSender } from '../jobs/job.processor.js';
import type { SubscriptionKeys, WebPushSubscriptionRepository } from '../web-push/web-push-subscription.repository.js';

export interface VapidSettings {
  publicKey: string;
  privateKey: string;
  /** The VAPID `sub` claim (RFC 8292): how the push service reaches the operator. */
  subject: string;
}

/** A push service's answers for a subscription that no longer exists (RFC 8030 section 7.3, as services send them). */
const goneStatuses = [404, 410];
/** How long a push service keeps a push for a browser that is offline (RFC 8030 TTL): a day, as the jobs' retries. */
const timeToLiveSeconds = 86_400;

/**
 * Sends through the `web-push` library (VAPID, aes128gcm payload encryption), once per process: the worker's one
 * sender, as FCM's. A subscription the push service calls gone is reported, never retried.
 */
export class WebPushProvider {
  constructor(private readonly vapid: VapidSettings) {}

  async send(subscription: SubscriptionKeys, payload: string): Promise<'sent' | 'gone'> {
    try {
      await webPush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        payload,
        { vapidDetails: this.vapid, TTL: timeToLiveSeconds, timeout: 10_000, contentEncoding: 'aes128gcm' },
      );
      return 'sent';
    } catch (error) {
      if (!(error instanceof webPush.WebPushError)) throw error;
      if (goneStatuses.includes(error.statusCode)) return 'gone';
      // Not the library's error: it carries the endpoint, a capability that must not reach the logs.
      throw new Error(`the Web Push service answered ${error.statusCode}`);
    }
  }
}

export interface WebPushChannelDependencies {
  subscriptions: WebPushSubscriptionRepository;
  provider: WebPushProvider | null;
}

/**
 * Web Push to every browser a user subscribed (issue 30, item 5). A failed send fails the delivery, so the job's
 * retries send again; a gone subscription is removed at once.
 */
export class WebPushChannel implements WebPushSender {
  constructor(private readonly deps: WebPushChannelDependencies) {}

  async send(job: StoredJob, userId: number): Promise<void> {
    const { provider } = this.deps;
    if (!provider) return;
    const subscriptions = await this.deps.subscriptions.ofUser(userId);
    if (subscriptions.length === 0) return;
    const payload = JSON.stringify({
      title: job.request.title ?? 'Notification',
      body: job.request.message,
      targetLink: job.request.targetLink ?? null,
      triggerEvent: job.request.triggerEvent ?? null,
      jobId: job.id,
    });
    const outcomes = await Promise.allSettled(
      subscriptions.map(async (subscription) => ({
        id: subscription.id,
        outcome: await provider.send(subscription, payload),
      })),
    );
    const gone = outcomes.flatMap((result) =>
      result.status === 'fulfilled' && result.value.outcome === 'gone' ? [result.value.id] : [],
    );
    await this.deps.subscriptions.removeGone(gone);
    const failed = outcomes.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;
  }
}
