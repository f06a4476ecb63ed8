import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, newSharedResources, startTestServer, type TestServer } from '../../../test/harness.js';
import { servicesMissing } from '../../../test/services.js';
import {
  actorsOf,
  closeCode,
  collect,
  inboxSubscription,
  openInbox,
  wsClient,
  type Actors,
} from '../../../test/notifications-kit.js';
import { createSignedInUser, type TestUser } from '../../../test/users.js';
import { pause } from '../../../test/waiting.js';

describe.skipIf(servicesMissing)('inboxChanged through the gateway (graphql-ws)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let instanceA: TestServer;
  let instanceB: TestServer;
  let actors: Actors;
  let alice: TestUser;
  let bob: TestUser;
  const clients: { dispose(): void | Promise<void> }[] = [];
  const client = (url: string, token: string | undefined, origin?: string) => {
    const created = wsClient(url, token, { origin });
    clients.push(created);
    return created;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    const shared = newSharedResources(database.url);
    instanceA = await startTestServer(shared, { ALLOWED_ORIGINS: 'https://app.example.test' });
    instanceB = await startTestServer(shared);
    actors = await actorsOf(instanceB.url);
    alice = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'alice' });
    bob = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'bob' });
  });
  afterAll(async () => {
    await Promise.all(clients.map((created) => created.dispose()));
    await instanceA?.close();
    await instanceB?.close();
    await database?.drop();
  });

  it('delivers an item created through instance B to a subscriber on instance A within one second', async () => {
    const inbox = await openInbox(client(instanceA.url, alice.token));
    await pause(200);
    const sentAt = Date.now();
    const created = await actors.api.post(
      '/internal/notifications',
      { userId: alice.id, message: 'Across instances', targetLink: '/inbox', targetText: 'Open' },
      { token: actors.serviceToken },
    );
    expect(created.status).toBe(201);
    await inbox.next(1, 1000);
    expect(Date.now() - sentAt).toBeLessThan(1000);
    const event = (inbox.events[0] as any).data.inboxChanged;
    expect(event.unreadCount).toBe(1);
    expect(event.notification).toMatchObject({
      message: 'Across instances',
      targetLink: '/inbox',
      targetText: 'Open',
      unread: true,
      readAt: null,
    });
    expect(typeof event.notification.id).toBe('string');
    // The announcement shows the item as the inbox lists it, time included (both to the millisecond, UTC).
    const listed = await actors.api.get('/api/v1/notifications', { token: alice.token });
    const item = (listed.body.items as any[]).find((entry) => entry.id === event.notification.id);
    expect(event.notification.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(event.notification.createdAt).toBe(item.createdAt);
    inbox.dispose();
  });

  it("never gives one user's items to another user's subscription", async () => {
    const aliceSocket = client(instanceA.url, alice.token);
    const bobSocket = client(instanceA.url, bob.token);
    const [aliceInbox, bobInbox] = await Promise.all([openInbox(aliceSocket), openInbox(bobSocket)]);
    await pause(200);
    await actors.api.post(
      '/internal/notifications/jobs',
      { message: 'Only for Bob', recipients: [{ userId: bob.id }] },
      { token: actors.serviceToken },
    );
    await actors.api.post(
      '/internal/notifications',
      { userId: alice.id, message: 'Only for Alice' },
      { token: actors.serviceToken },
    );
    await Promise.all([aliceInbox.next(1), bobInbox.next(1)]);
    await pause(500);
    expect(aliceInbox.events.map((event: any) => event.data.inboxChanged.notification.message)).toEqual([
      'Only for Alice',
    ]);
    expect(bobInbox.events.map((event: any) => event.data.inboxChanged.notification.message)).toEqual(['Only for Bob']);
    aliceInbox.dispose();
    bobInbox.dispose();
  });

  it('publishes read marks with the new unread count', async () => {
    const inbox = await openInbox(client(instanceA.url, alice.token));
    await pause(200);
    const read = await actors.api.post('/api/v1/notifications/read-all', undefined, { token: alice.token });
    expect(read.status).toBe(200);
    await inbox.next(1);
    expect((inbox.events[0] as any).data.inboxChanged).toEqual({ unreadCount: 0, notification: null });
    inbox.dispose();
  });

  it('runs queries over the socket through the normal gateway execution', async () => {
    const socket = client(instanceA.url, alice.token);
    const result = collect(socket, '{ myNotifications(limit: 1) { totalItems unreadCount } }');
    await result.settled();
    expect((result.events[0] as any).data.myNotifications.totalItems).toBeGreaterThan(0);
  });

  it('closes with 4403 without a valid token in the init payload', async () => {
    for (const token of [undefined, 'not-a-jwt']) {
      const socket = client(instanceA.url, token);
      const closed = closeCode(socket);
      collect(socket, inboxSubscription);
      expect(await closed).toBe(4403);
    }
  });

  it('refuses an upgrade from an origin that is not allowed, accepts an allowed one', async () => {
    const refused = client(instanceA.url, alice.token, 'https://evil.example.test');
    const inbox = collect(refused, inboxSubscription);
    await inbox.settled();
    expect(inbox.errors).toHaveLength(1);
    const allowed = client(instanceA.url, alice.token, 'https://app.example.test');
    const ok = collect(allowed, '{ myNotifications { currentPage } }');
    await ok.settled();
    expect((ok.events[0] as any).data.myNotifications.currentPage).toBe(1);
  });

  it('answers invalid operations with GraphQL errors', async () => {
    const socket = client(instanceA.url, alice.token);
    const unknown = collect(socket, 'subscription { nothingHere }');
    await unknown.settled();
    expect((unknown.errors[0] as any)[0].message).toContain('nothingHere');
  });

  it('ends the subscription when the token is revoked during it', async () => {
    const carol = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'carol' });
    const login = await actors.api.post('/api/v1/auth/login', { email: carol.email, password: carol.password });
    const { accessToken, refreshToken } = login.body.data;
    const socket = client(instanceA.url, accessToken);
    const closed = closeCode(socket);
    await openInbox(socket);
    const logout = await actors.api.post('/api/v1/auth/logout', { refreshToken }, { token: accessToken });
    expect(logout.status).toBe(200);
    expect(await closed).toBe(4403);
  });
});
