import type { Logger } from '@platform/lib/logger';
import type { PubSub, Unsubscribe } from '@platform/lib/store/ports';
import { withCatchUp } from '@platform/lib/store/catch-up-iterator';
import { pubSubIterator, type Subscribable } from '@platform/lib/store/pubsub-iterator';
import { withFields } from '@platform/lib/with-fields';
import { InboxChange, type InboxItem, type InboxUpdate } from './inbox-state.types.js';
import type { InboxEvent, NotificationType } from './inbox.types.js';
import type { InsertedRow } from './notification.repository.js';

/** One PubSub channel for every inbox: a job to a thousand users is one message, not a thousand. */
const channel = 'inbox-events';
/** Bounds one message (about 200 bytes an event): a job to 10,000 recipients is ten messages. */
const eventsPerMessage = 1000;

/**
 * How far before the loss of the PubSub connection the catch-up looks: an item's created_at is its transaction's
 * start, and its announcement goes out after the commit, so an item created a little before the loss may have
 * been announced while the connection was already down.
 */
const catchUpMarginMs = 30_000;
/** New items announced here are remembered this long (by their creation) so that a catch-up skips them. */
const rememberedMs = 120_000;

/** One change of a user's inbox as it travels: every change is an `update`; new items and read marks, the
 * spec-era `inboxChanged` event too (other changes would read there as "all read": decisions, issue 30). */
export interface AddressedInboxEvent {
  userId: number;
  event?: InboxEvent;
  update: InboxUpdate;
}

export interface InboxEventsDependencies {
  pubSub: PubSub;
  /** The unread items of these users created since then, each with its user's unread count (oldest first). */
  unreadSince: (userIds: number[], since: Date) => Promise<InsertedRow[]>;
  logger: Pick<Logger, 'warn'>;
}

/** A new inbox item's announcement, as the in-app channel and the catch-up send it. */
export function newItemEvent(row: InsertedRow): AddressedInboxEvent {
  const notification: NotificationType = {
    id: row.id,
    message: row.message,
    targetLink: row.target_link,
    targetText: row.target_text,
    unread: true,
    readAt: null,
    createdAt: row.created_at,
  };
  const item: InboxItem = withFields(notification, {
    title: row.title,
    category: row.trigger_event,
    seenAt: null,
    archivedAt: null,
    snoozedUntil: null,
  });
  return {
    userId: row.user_id,
    event: { unreadCount: row.unread, notification },
    update: { change: InboxChange.CREATED, item, unreadCount: row.unread, unseenCount: row.unseen },
  };
}

type Message = Omit<AddressedInboxEvent, 'userId'>;

/**
 * Inbox changes fanned out through the PubSub port (Redis across instances). Events travel in batches on
 * one channel; each instance parses a batch once and hands every event to the local subscriptions of its
 * user only, so a subscription never sees another user's items.
 *
 * Messages published while this instance's PubSub connection was down (a Redis failover) never arrive: when it
 * is back, the instance reads its listening users' unread items created since shortly before the loss and
 * announces those it has not announced yet, so an open inbox misses nothing and shows nothing twice.
 */
export class InboxEvents {
  private readonly listeners = new Map<number, Set<(message: Message) => void>>();
  /** New items announced to this instance's subscriptions: id -> creation time. */
  private readonly announced = new Map<string, number>();
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

  constructor(private readonly deps: InboxEventsDependencies) {}

  publish(userId: number, message: Message): Promise<void> {
    return this.publishAll([{ userId, ...message }]);
  }

  async publishAll(events: AddressedInboxEvent[]): Promise<void> {
    const batches: Promise<void>[] = [];
    for (let start = 0; start < events.length; start += eventsPerMessage) {
      batches.push(this.deps.pubSub.publish(channel, JSON.stringify(events.slice(start, start + eventsPerMessage))));
    }
    await Promise.all(batches);
  }

  /**
   * The spec-era `inboxChanged` events: new items and read marks. A subscription resumed by the edge after it
   * lost its upstream (`resumeSince`) first gets the new items it may have missed.
   */
  subscribe(userId: number, resumeSince?: Date): AsyncIterableIterator<InboxEvent> {
    const live = pubSubIterator(this.events, String(userId), (event) => event);
    if (!resumeSince) return live;
    return withCatchUp(
      live,
      async () => (await this.missed(userId, resumeSince)).flatMap(({ event }) => (event ? [event] : [])),
      (event) => event.notification?.id ?? null,
    );
  }

  /** Every change (`inboxUpdated`); a resumed subscription first gets the new items it may have missed. */
  subscribeUpdates(userId: number, resumeSince?: Date): AsyncIterableIterator<InboxUpdate> {
    const live = pubSubIterator(this.updates, String(userId), (update) => update);
    if (!resumeSince) return live;
    return withCatchUp(
      live,
      async () => (await this.missed(userId, resumeSince)).map(({ update }) => update),
      ({ change, item }) => (change === InboxChange.CREATED && item ? item.id : null),
    );
  }

  /**
   * A resumed subscription's catch-up: the user's unread items created since shortly before the loss, read once
   * this instance listens (so that an item announced after the read arrives live). An item the subscriber saw
   * before the loss may come again; clients key items by id.
   */
  private async missed(userId: number, lostAt: Date): Promise<AddressedInboxEvent[]> {
    await this.upstream;
    const rows = await this.deps.unreadSince([userId], new Date(lostAt.getTime() - catchUpMarginMs));
    return rows.map(newItemEvent);
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
      await (this.upstream ??= this.deps.pubSub.subscribe(
        channel,
        (message) => this.dispatch(message),
        (downSince) => void this.catchUp(downSince),
      ));
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
    this.deliver(events);
  }

  private async catchUp(downSince: number): Promise<void> {
    const userIds = [...this.listeners.keys()];
    if (userIds.length === 0) return;
    try {
      const rows = await this.deps.unreadSince(userIds, new Date(downSince - catchUpMarginMs));
      this.deliver(rows.map(newItemEvent));
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'inbox catch-up after a PubSub reconnection failed');
    }
  }

  private deliver(events: AddressedInboxEvent[]): void {
    for (const { userId, ...message } of events) {
      if (this.announcedBefore(message.update)) continue;
      this.listeners.get(userId)?.forEach((handler) => handler(message));
    }
  }

  /** Remembers a new item's announcement; true when it was announced already (a catch-up's overlap). */
  private announcedBefore({ change, item }: InboxUpdate): boolean {
    if (change !== InboxChange.CREATED || !item) return false;
    if (this.announced.has(item.id)) return true;
    const createdAt = Date.parse(item.createdAt);
    this.announced.set(item.id, createdAt);
    // Map order is insertion order, close to creation order: drop from the front what is too old to overlap.
    for (const [id, at] of this.announced) {
      if (at >= createdAt - rememberedMs) break;
      this.announced.delete(id);
    }
    return false;
  }
}
