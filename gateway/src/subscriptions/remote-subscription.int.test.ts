import type { Duplex } from 'node:stream';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actorsOf,
  closeCode,
  collect,
  inboxSubscription,
  openInbox,
  wsClient,
  type Actors,
} from '../../../test/notifications-kit.js';
import { createNotificationsSubgraph } from '@platform/notifications/app';
import { createTestDatabase, newSharedResources, startTestServer, type TestServer } from '../../../test/harness.js';
import { servicesMissing } from '../../../test/services.js';
import { startStandaloneSubgraph, type StandaloneSubgraph } from '../../../test/standalone-subgraph.js';
import { createSignedInUser, type TestUser } from '../../../test/users.js';
import { eventually, pause } from '../../../test/waiting.js';

/** The distributed layout in one process: the notifications subgraph alone on its own port, the gateway apart. */
describe.skipIf(servicesMissing)('subscriptions of a remote subgraph (distributed mode)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let subgraph: StandaloneSubgraph;
  let gateway: TestServer;
  let actors: Actors;
  let alice: TestUser;
  let bob: TestUser;
  /** Upgraded sockets open on the subgraph: the gateway's upstream connections. */
  const upstream = new Set<Duplex>();
  const upstreamCount = (count: number) => eventually(async () => upstream.size === count, { timeoutMs: 5000 });

  beforeAll(async () => {
    database = await createTestDatabase();
    const shared = newSharedResources(database.url);
    subgraph = await startStandaloneSubgraph('notifications', shared, createNotificationsSubgraph);
    subgraph.app.server.on('upgrade', (_request, socket: Duplex) => {
      upstream.add(socket);
      socket.once('close', () => upstream.delete(socket));
    });
    gateway = await startTestServer(shared, { SUBGRAPH_NOTIFICATIONS_URL: subgraph.url });
    actors = await actorsOf(gateway.url);
    alice = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'alice' });
    bob = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'bob' });
  });
  afterAll(async () => {
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

  it('ends a subscription with a 503 GraphQL error when the upstream connection drops; the client socket stays', async () => {
    const socket = wsClient(gateway.url, alice.token);
    const inbox = collect(socket, inboxSubscription);
    await upstreamCount(1);
    for (const raw of upstream) raw.destroy();
    await inbox.settled();
    expect(inbox.completed).toBe(true);
    expect((inbox.events[0] as any).errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
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
