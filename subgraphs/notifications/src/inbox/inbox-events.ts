import type { PubSub, Unsubscribe } from '@platform/lib/store/ports';
import { pubSubIterator, type Subscribable } from '@platform/lib/store/pubsub-iterator';
import type { InboxEvent } from './inbox.types.js';

/** One PubSub channel for every inbox: a job to a thousand users is one message, not a thousand. */
const channel = 'inbox-events';
/** Bounds one message (about 200 bytes an event): a job to 10,000 recipients is ten messages. */
const eventsPerMessage = 1000;

export interface AddressedInboxEvent {
  userId: number;
  event: InboxEvent;
}

/**
 * Inbox changes fanned out through the PubSub port (Redis across instances). Events travel in batches on
 * one channel; each instance parses a batch once and hands every event to the local subscriptions of its
 * user only, so a subscription never sees another user's items.
 */
export class InboxEvents {
  private readonly listeners = new Map<number, Set<(event: InboxEvent) => void>>();
  private upstream: Promise<Unsubscribe> | null = null;
  private readonly local: Subscribable<InboxEvent> = {
    subscribe: (userId, onEvent) => this.listen(Number(userId), onEvent),
  };

  constructor(private readonly pubSub: PubSub) {}

  publish(userId: number, event: InboxEvent): Promise<void> {
    return this.publishAll([{ userId, event }]);
  }

  async publishAll(events: AddressedInboxEvent[]): Promise<void> {
    const batches: Promise<void>[] = [];
    for (let start = 0; start < events.length; start += eventsPerMessage) {
      batches.push(this.pubSub.publish(channel, JSON.stringify(events.slice(start, start + eventsPerMessage))));
    }
    await Promise.all(batches);
  }

  subscribe(userId: number): AsyncIterableIterator<InboxEvent> {
    return pubSubIterator(this.local, String(userId), (event) => event);
  }

  private async listen(userId: number, onEvent: (event: InboxEvent) => void): Promise<Unsubscribe> {
    const handlers = this.listeners.get(userId) ?? new Set();
    handlers.add(onEvent);
    this.listeners.set(userId, handlers);
    const remove = async () => {
      handlers.delete(onEvent);
      if (handlers.size === 0 && this.listeners.get(userId) === handlers) this.listeners.delete(userId);
      if (this.listeners.size > 0 || !this.upstream) return;
      const upstream = this.upstream;
      this.upstream = null;
      await (
        await upstream.catch(() => null)
      )?.();
    };
    try {
      await (this.upstream ??= this.pubSub.subscribe(channel, (message) => this.dispatch(message)));
    } catch (error) {
      await remove();
      throw error;
    }
    return remove;
  }

  private dispatch(message: string): void {
    let events: AddressedInboxEvent[];
    try {
      events = JSON.parse(message) as AddressedInboxEvent[];
    } catch {
      return;
    }
    for (const { userId, event } of events) this.listeners.get(userId)?.forEach((handler) => handler(event));
  }
}
