import { randomUUID } from 'node:crypto';
import { validate, z } from '@platform/lib/validation';
import { WebPushDisabledError } from './web-push.errors.js';
import type { StoredSubscription, WebPushSubscriptionRepository } from './web-push-subscription.repository.js';
import type { WebPushSettings, WebPushSubscriptionType } from './web-push.types.js';

export interface WebPushServiceDependencies {
  subscriptions: WebPushSubscriptionRepository;
  /** Null when the deployment has no VAPID keys: subscribing is refused. */
  publicKey: string | null;
  now: () => number;
}

const base64UrlOf = (bytes: number) =>
  z
    .string({ required_error: 'is required' })
    .refine(
      (value) => /^[A-Za-z0-9_-]+={0,2}$/.test(value) && Buffer.from(value, 'base64url').length === bytes,
      `must be ${bytes} bytes, base64url`,
    );

/** RFC 8291: a P-256 public key as an uncompressed point (65 bytes) and a 16-byte secret; the endpoint is https. */
const subscriptionInput = z
  .object({
    endpoint: z
      .string({ required_error: 'is required' })
      .max(2048, 'must be at most 2048 characters')
      .url('must be an https URL')
      .refine((value) => value.startsWith('https://'), 'must be an https URL'),
    p256dh: base64UrlOf(65),
    auth: base64UrlOf(16),
  })
  .strict();

const viewOf = (subscription: StoredSubscription): WebPushSubscriptionType => ({
  endpoint: subscription.endpoint,
  createdAt: subscription.createdAt.toISOString(),
});

/** A user's browsers subscribed to Web Push (issue 30, item 5). */
export class WebPushService {
  constructor(private readonly deps: WebPushServiceDependencies) {}

  async settings(userId: number): Promise<WebPushSettings> {
    return {
      publicKey: this.deps.publicKey,
      subscriptions: (await this.deps.subscriptions.ofUser(userId)).map(viewOf),
    };
  }

  async subscribe(userId: number, input: unknown): Promise<WebPushSubscriptionType> {
    const keys = validate(subscriptionInput, input);
    if (!this.deps.publicKey) throw new WebPushDisabledError();
    return viewOf(await this.deps.subscriptions.register(userId, keys, randomUUID(), new Date(this.deps.now())));
  }

  async unsubscribe(userId: number, endpoint: string): Promise<boolean> {
    return this.deps.subscriptions.remove(userId, endpoint);
  }
}
