import type { EntityManager } from '@mikro-orm/postgresql';
import { WebPushSubscription } from './web-push-subscription.entity.js';

export interface SubscriptionKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type StoredSubscription = SubscriptionKeys & { id: string; userId: number; createdAt: Date };

/** The web_push_subscription table. */
export class WebPushSubscriptionRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * One upsert by endpoint: a browser that subscribes again (new keys, or another user signed in on it) keeps one
   * row, owned by the last user who registered it.
   */
  async register(userId: number, keys: SubscriptionKeys, id: string, at: Date): Promise<StoredSubscription> {
    const stored = await this.em.upsert(
      WebPushSubscription,
      { id, userId, ...keys, createdAt: at, updatedAt: at },
      { onConflictFields: ['endpoint'], onConflictExcludeFields: ['id', 'createdAt'] },
    );
    return stored;
  }

  async ofUser(userId: number): Promise<StoredSubscription[]> {
    return this.em.find(WebPushSubscription, { userId }, { orderBy: { createdAt: 'asc' } });
  }

  /** Only the user's own: another user's endpoint is not theirs to remove. True when one was removed. */
  async remove(userId: number, endpoint: string): Promise<boolean> {
    return (await this.em.nativeDelete(WebPushSubscription, { userId, endpoint })) > 0;
  }

  /** Subscriptions the push service called gone (404, 410). */
  async removeGone(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.em.nativeDelete(WebPushSubscription, { id: { $in: ids } });
  }
}
