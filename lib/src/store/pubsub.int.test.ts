import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { servicesMissing, testRedisUrl } from '../../../test/services.js';
import { eventually, pause } from '../../../test/waiting.js';
import { createMemoryStores } from './memory-store.js';
import type { Stores } from './ports.js';
import { createRedisStores } from './redis-store.js';

const opened: Stores[] = [];
afterAll(async () => {
  await Promise.all(opened.map((stores) => stores.close()));
});

/** Collects a subscriber's messages; `holding(n)` waits up to a second for n of them. */
function receiver() {
  const received: string[] = [];
  return {
    received,
    handler: (message: string) => void received.push(message),
    holding: (count: number) => eventually(async () => received.length >= count, { timeoutMs: 1000 }),
  };
}

/** Issue 23, item 1: the PubSub port keeps each local subscriber's delivery its own. */
describe.skipIf(servicesMissing).each([
  ['Redis', () => createRedisStores({ kind: 'url', url: testRedisUrl! }, `test:${randomUUID()}:`)],
  ['in-process', () => createMemoryStores()],
])('the %s PubSub port', (_name, create) => {
  it('delivers to every subscriber of a channel when they subscribe together, and to the rest when one leaves', async () => {
    const stores = create();
    opened.push(stores);
    const subscribers = [receiver(), receiver(), receiver()];
    const unsubscribes = await Promise.all(
      subscribers.map(({ handler }) => stores.pubSub.subscribe('together', handler)),
    );
    await stores.pubSub.publish('together', 'one');
    await Promise.all(subscribers.map((subscriber) => subscriber.holding(1)));

    // Leaving twice is leaving once: the others keep the channel.
    await unsubscribes[0]!();
    await unsubscribes[0]!();
    await stores.pubSub.publish('together', 'two');
    await Promise.all(subscribers.slice(1).map((subscriber) => subscriber.holding(2)));
    await pause(100);
    expect(subscribers.map(({ received }) => received)).toEqual([['one'], ['one', 'two'], ['one', 'two']]);
  });

  it('a subscriber whose handler throws loses only its own message', async () => {
    const stores = create();
    opened.push(stores);
    const failing = await stores.pubSub.subscribe('shared', () => {
      throw new Error('this subscriber failed');
    });
    const healthy = receiver();
    await stores.pubSub.subscribe('shared', healthy.handler);
    await stores.pubSub.publish('shared', 'still delivered');
    await healthy.holding(1);
    expect(healthy.received).toEqual(['still delivered']);
    await failing();
  });
});
