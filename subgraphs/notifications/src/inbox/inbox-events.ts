import type { PubSub, Unsubscribe } from '@platform/lib/store/ports';
import { pubSubIterator, type Subscribable } from '@platform/lib/store/pubsub-iterator';
import type { InboxUpdate } from './inbox-state.types.js';
import type { InboxEvent } from './inbox.types.js';

/** One PubSub channel for every inbox: a job to a thousand users is one message, not a thousand. */
const channel = 'inbox-events';
/** Bounds one message (about 200 bytes an event): a job to 10,000 recipients is ten messages. */
const eventsPerMessage = 1000;

/** One change of a user's inbox as it travels: every change is an `update`; new items and read marks, the
 * spec-era `inboxChanged` event too (other changes would read there as "all read": decisions, issue 30). */
export interface AddressedInboxEvent {
  userId: number;
  event?: InboxEvent;
  update: InboxUpdate;
}

type Message = Omit<AddressedInboxEvent, 'userId'>;

/**
 * Inbox changes fanned out through the PubSub port (Redis across instances). Events travel in batches on
 * one channel; each instance parses a batch once and hands every event to the local subscriptions of its
 * user only, so a subscription never sees another user's items.
 */
export class InboxEvents {
  private readonly listeners = new Map<number, Set<(message: Message) => void>>();
  private upstream: Promise<Unsubscribe> | null = null;
  private readonly events: Subscribable<InboxEvent> = {
    subscribe: (userId, onEvent) =>
      this.listen(Number(userId), (message) => {
        if (message.event) onEvent(message.event);
      }),
  };
  private readonly updates: Subscribable<InboxUpdate> = {
    subscribe: (userId, onUpdate) => this.listen(Number(userId), (message) => onUpdate(message.update)),
  };

  constructor(private readonly pubSub: PubSub) {}

  publish(userId: number, message: Message): Promise<void> {
    return this.publishAll([{ userId, ...message }]);
  }

  async publishAll(events: AddressedInboxEvent[]): Promise<void> {
    const batches: Promise<void>[] = [];
    for (let start = 0; start < events.length; start += eventsPerMessage) {
      batches.push(this.pubSub.publish(channel, JSON.stringify(events.slice(start, start + eventsPerMessage))));
    }
    await Promise.all(batches);
  }

  /** The spec-era `inboxChanged` events: new items and read marks. */
  subscribe(userId: number): AsyncIterableIterator<InboxEvent> {
    return pubSubIterator(this.events, String(userId), (event) => event);
  }

  /** Every change (`inboxUpdated`). */
  subscribeUpdates(userId: number): AsyncIterableIterator<InboxUpdate> {
    return pubSubIterator(this.updates, String(userId), (update) => update);
  }

  private async listen(userId: number, onEvent: (message: Message) => void): Promise<Unsubscribe> {
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
    for (const { userId, ...message } of events) this.listeners.get(userId)?.forEach((handler) => handler(message));
  }
}
