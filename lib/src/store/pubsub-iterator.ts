import { closableIterator } from '../closable-iterator.js';
import type { Unsubscribe } from './ports.js';

/** What the iterator reads from: the PubSub port (string messages) or a local fan-out of parsed ones. */
export interface Subscribable<M> {
  subscribe(channel: string, onMessage: (message: M) => void): Promise<Unsubscribe>;
}

/**
 * A PubSub channel as an async iterator for GraphQL subscriptions: messages queue until read, and
 * `return()` (the client left) unsubscribes at once.
 */
export function pubSubIterator<T, M = string>(
  pubSub: Subscribable<M>,
  channel: string,
  map: (message: M) => T,
): AsyncIterableIterator<T> {
  const queue: T[] = [];
  const waiting: ((result: IteratorResult<T>) => void)[] = [];
  let done = false;
  const subscription = pubSub.subscribe(channel, (message) => {
    const value = map(message);
    const next = waiting.shift();
    if (next) next({ value, done: false });
    else queue.push(value);
  });
  const finish = async (): Promise<IteratorResult<T>> => {
    if (!done) {
      done = true;
      waiting.splice(0).forEach((resolve) => resolve({ value: undefined, done: true }));
      await (
        await subscription
      )();
    }
    return { value: undefined, done: true };
  };
  return closableIterator(async () => {
    await subscription;
    if (queue.length > 0) return { value: queue.shift()!, done: false };
    if (done) return { value: undefined, done: true };
    return new Promise((resolve) => waiting.push(resolve));
  }, finish);
}
