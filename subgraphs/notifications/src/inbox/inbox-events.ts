import type { PubSub } from '../../../../lib/src/store/ports.js';
import { pubSubIterator } from '../../../../lib/src/store/pubsub-iterator.js';
import type { InboxEvent } from './inbox.types.js';

const channelOf = (userId: number) => `inbox:${userId}`;

/**
 * Inbox changes fanned out through the PubSub port (Redis across instances): each user has a channel, so a
 * subscription only ever sees its own user's items.
 */
export class InboxEvents {
  constructor(private readonly pubSub: PubSub) {}

  publish(userId: number, event: InboxEvent): Promise<void> {
    return this.pubSub.publish(channelOf(userId), JSON.stringify(event));
  }

  subscribe(userId: number): AsyncIterableIterator<InboxEvent> {
    return pubSubIterator(this.pubSub, channelOf(userId), (message) => JSON.parse(message) as InboxEvent);
  }
}
