import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  newSharedResources,
  startTestServer,
  type SharedResources,
  type TestServer,
} from '../../../test/harness.js';
import { actorsOf, openInbox, wsClient, type Actors } from '../../../test/notifications-kit.js';
import { startOwnRedis, type OwnRedis } from '../../../test/redis-server.js';
import { servicesMissing } from '../../../test/services.js';
import { createSignedInUser, type TestUser } from '../../../test/users.js';
import { pause } from '../../../test/waiting.js';

interface InboxChanged {
  data: { inboxChanged: { unreadCount: number; notification: { id: string; message: string } } };
}

/**
 * A PubSub connection lost for a moment (a Redis failover, a network cut) drops the messages published
 * meanwhile. The instance holding the subscriptions catches up from PostgreSQL when its connection is back:
 * an open inbox receives the item it missed, once.
 */
describe.skipIf(servicesMissing)('an inbox subscription across a lost PubSub connection', () => {
  let redis: OwnRedis;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let shared: SharedResources;
  let holder: TestServer;
  let producer: TestServer;
  let actors: Actors;
  let alice: TestUser;
  const sockets: { dispose(): void | Promise<void> }[] = [];

  beforeAll(async () => {
    redis = await startOwnRedis();
    database = await createTestDatabase();
    shared = newSharedResources(database.url);
    holder = await startTestServer(shared, { REDIS_URL: redis.url });
    producer = await startTestServer(shared, { REDIS_URL: redis.url });
    actors = await actorsOf(producer.url);
    alice = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'alice' });
  }, 60_000);
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.dispose()));
    await holder?.close();
    await producer?.close();
    await redis?.stop();
    await database?.drop();
  });

  it('delivers an item published while the subscriber connection was down, exactly once', async () => {
    const socket = wsClient(holder.url, alice.token);
    sockets.push(socket);
    const inbox = await openInbox(socket);
    await pause(200);
    const channel = `${shared.redisKeyPrefix}inbox-events`;
    const subscribers = async () =>
      Number(((await redis.client().call('PUBSUB', 'NUMSUB', channel)) as [string, number])[1]);
    expect(await subscribers(), 'the holder listens').toBe(1);

    // Both instances' subscriber connections are cut; the item is published before they are back (their
    // first reconnection waits 200 ms), so the message itself reaches no one on any instance.
    await redis.client().call('CLIENT', 'KILL', 'TYPE', 'pubsub');
    const created = await actors.api.post(
      '/internal/notifications',
      { userId: alice.id, message: 'While the connection was down', targetLink: '/inbox', targetText: 'Open' },
      { token: actors.serviceToken },
    );
    expect(created.status).toBe(201);
    expect(await subscribers(), 'published while no instance listened').toBe(0);

    await inbox.next(1, 5000);
    const event = inbox.events[0] as unknown as InboxChanged;
    expect(event.data.inboxChanged.notification.message).toBe('While the connection was down');
    expect(event.data.inboxChanged.unreadCount).toBe(1);

    // Nothing twice, and the live path works again after the catch-up.
    await actors.api.post(
      '/internal/notifications',
      { userId: alice.id, message: 'After the reconnection', targetLink: '/inbox', targetText: 'Open' },
      { token: actors.serviceToken },
    );
    await inbox.next(2, 5000);
    await pause(500);
    const messages = inbox.events.map(
      (received) => (received as unknown as InboxChanged).data.inboxChanged.notification.message,
    );
    expect(messages).toEqual(['While the connection was down', 'After the reconnection']);
  }, 45_000);
});
