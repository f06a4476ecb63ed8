import type { Duplex } from 'node:stream';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actorsOf,
  closeCode,
  collect,
  connected,
  inboxSubscription,
  openInbox,
  wsClient,
  type Actors,
} from '../../../test/notifications-kit.js';
import { createNotificationsSubgraph } from '@platform/notifications/app';
import { createTestDatabase, newSharedResources, startTestServer, type TestServer } from '../../../test/harness.js';
import { servicesMissing } from '../../../test/services.js';
import { startTcpProxy } from '../../../test/tcp-proxy.js';
import { startStandaloneSubgraph, type StandaloneSubgraph } from '../../../test/standalone-subgraph.js';
import { createSignedInUser, type TestUser } from '../../../test/users.js';
import { eventually, pause } from '../../../test/waiting.js';

/** The distributed layout in one process: the notifications subgraph alone on its own port, the gateway apart. */
describe.skipIf(servicesMissing)('subscriptions of a remote subgraph (distributed mode)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let subgraph: StandaloneSubgraph;
  let gateway: TestServer;
  /** A second edge whose way to the subgraph passes a TCP proxy that can cut it. */
  let resuming: TestServer;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let actors: Actors;
  let alice: TestUser;
  let bob: TestUser;
  /** Upgraded sockets open on the subgraph: the gateway's upstream connections. */
  const upstream = new Set<Duplex>();
  const upstreamCount = (count: number) => eventually(async () => upstream.size === count, { timeoutMs: 5000 });
  const notify = (user: TestUser, message: string) =>
    actors.api.post(
      '/internal/notifications',
      { userId: user.id, message, targetLink: '/inbox', targetText: 'Open' },
      { token: actors.serviceToken },
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    const shared = newSharedResources(database.url);
    subgraph = await startStandaloneSubgraph('notifications', shared, createNotificationsSubgraph);
    subgraph.app.server.on('upgrade', (_request, socket: Duplex) => {
      upstream.add(socket);
      socket.once('close', () => upstream.delete(socket));
    });
    gateway = await startTestServer(shared, { SUBGRAPH_NOTIFICATIONS_URL: subgraph.url });
    proxy = await startTcpProxy(subgraph.url);
    resuming = await startTestServer(shared, {
      SUBGRAPH_NOTIFICATIONS_URL: proxy.url,
      SUBSCRIPTION_RESUME_SECONDS: '3',
    });
    actors = await actorsOf(gateway.url);
    alice = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'alice' });
    bob = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'bob' });
  });
  afterAll(async () => {
    await resuming?.close();
    await proxy?.close();
    await gateway?.close();
    await subgraph?.close();
    await database?.drop();
  });

  it('runs in distributed mode: notifications is not in the gateway process', () => {
    expect(gateway.system.subgraphs.map((subgraph) => subgraph.name).sort()).toEqual(['auth', 'projects']);
  });

  it("delivers an item to the caller's subscription through the remote subgraph, and closes the upstream when the client leaves", async () => {
    const aliceSocket = wsClient(gateway.url, alice.token);
    const bobSocket = wsClient(gateway.url, bob.token);
    const [aliceInbox, bobInbox] = await Promise.all([openInbox(aliceSocket), openInbox(bobSocket)]);
    // One upstream connection per client subscription, each with its caller's identity.
    await upstreamCount(2);
    await pause(300);

    const created = await actors.api.post(
      '/internal/notifications',
      { userId: alice.id, message: 'Through the remote subgraph', targetLink: '/inbox', targetText: 'Open' },
      { token: actors.serviceToken },
    );
    expect(created.status).toBe(201);
    await aliceInbox.next(1, 2000);
    const event = (aliceInbox.events[0] as any).data.inboxChanged;
    expect(event.unreadCount).toBe(1);
    expect(event.notification).toMatchObject({
      message: 'Through the remote subgraph',
      targetLink: '/inbox',
      targetText: 'Open',
      unread: true,
      readAt: null,
    });
    await pause(300);
    expect(bobInbox.events).toEqual([]);

    // The client leaving ends its upstream subscription and closes the upstream connection.
    aliceInbox.dispose();
    await upstreamCount(1);
    await bobSocket.dispose();
    await upstreamCount(0);
    await aliceSocket.dispose();
  });

  it('resumes a subscription whose upstream connection drops: the item published in the gap comes first, then live ones', async () => {
    const carol = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'carol' });
    const socket = wsClient(resuming.url, carol.token);
    const ready = connected(socket);
    const inbox = collect(socket, inboxSubscription);
    const updates = collect(socket, 'subscription { inboxUpdated { change item { id message } } }');
    await ready;
    await upstreamCount(2);
    await pause(300);

    // The subgraph stays up; the edge's connections to it are cut and new ones refused while an item is created.
    proxy.setMode('refuse');
    await upstreamCount(0);
    expect((await notify(carol, 'Published in the gap')).status).toBe(201);
    await pause(500);
    proxy.setMode('forward');

    await inbox.next(1, 10_000);
    await updates.next(1, 10_000);
    expect((inbox.events[0] as any).data.inboxChanged.notification.message).toBe('Published in the gap');
    expect((updates.events[0] as any).data.inboxUpdated).toMatchObject({
      change: 'CREATED',
      item: { message: 'Published in the gap' },
    });
    expect((await notify(carol, 'Published after the resumption')).status).toBe(201);
    await inbox.next(2, 5000);
    expect((inbox.events[1] as any).data.inboxChanged.notification.message).toBe('Published after the resumption');
    expect([inbox.completed, updates.completed, inbox.errors, updates.errors]).toEqual([false, false, [], []]);
    await socket.dispose();
  });

  it('ends a subscription with a 503 GraphQL error when the upstream stays unreachable for the resume window; the client socket stays', async () => {
    const socket = wsClient(resuming.url, alice.token);
    const ready = connected(socket);
    const inbox = collect(socket, inboxSubscription);
    await ready;
    await upstreamCount(1);
    const lostAt = Date.now();
    proxy.setMode('refuse');
    await inbox.settled(10_000);
    // SUBSCRIPTION_RESUME_SECONDS=3: not before the window, and not long after it.
    expect(Date.now() - lostAt).toBeGreaterThanOrEqual(3000);
    expect(Date.now() - lostAt).toBeLessThan(8000);
    expect(inbox.completed).toBe(true);
    expect((inbox.events[0] as any).errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
    proxy.setMode('forward');
    const query = collect(socket, '{ myNotifications(limit: 1) { totalItems } }');
    await query.settled();
    expect((query.events[0] as any).data.myNotifications.totalItems).toBeGreaterThan(0);
    await socket.dispose();
  });

  it("bounds a message to the subgraph's socket before reading it: a 20 MB init closes it with 1009", async () => {
    const socket = new WebSocket(subgraph.url.replace(/^http/, 'ws'), 'graphql-transport-ws');
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'connection_init', payload: { padding: 'x'.repeat(20 * 1024 * 1024) } }));
    expect(await closed).toBe(1009);
  });

  it('refuses a socket on the subgraph without a valid internal identity (4403)', async () => {
    for (const connectionParams of [{}, { identity: 'not-a-jwt' }, { authorization: `Bearer ${alice.token}` }]) {
      const client = createClient({
        url: subgraph.url.replace(/^http/, 'ws'),
        webSocketImpl: WebSocket,
        connectionParams,
        retryAttempts: 0,
        lazy: true,
      });
      const closed = closeCode(client);
      collect(client, inboxSubscription);
      expect(await closed).toBe(4403);
      await client.dispose();
    }
  });
});
