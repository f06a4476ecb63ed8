import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFromNewIp } from '../../../../test/client-address.js';
import { startIsolatedServer } from '../../../../test/harness.js';
import { actorsOf, collect, connected, openInbox, wsClient, type Actors } from '../../../../test/notifications-kit.js';
import { servicesMissing } from '../../../../test/services.js';
import { createSignedInUser, type TestUser } from '../../../../test/users.js';
import { pause } from '../../../../test/waiting.js';

const updates = `subscription {
  inboxUpdated { change unreadCount unseenCount item { id unread seenAt archivedAt category } }
}`;
const itemFields = 'id message category unread readAt seenAt archivedAt createdAt';
const inboxQuery = `query ($state: InboxFilter, $category: String) {
  inbox(state: $state, category: $category, limit: 100) {
    totalItems unreadCount unseenCount items { ${itemFields} }
    categories { category total unread unseen archived }
  }
}`;

describe.skipIf(servicesMissing)('inbox states: seen, archived, unseenCount (issue 30, item 1)', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let actors: Actors;
  let cara: TestUser;
  const sockets: { dispose(): void | Promise<void> }[] = [];

  const graph = async (query: string, variables: Record<string, unknown> = {}, token = cara.token) => {
    const answer = await clientFromNewIp(server.url).graphql(query, variables, { token });
    if (answer.body.errors) throw new Error(JSON.stringify(answer.body.errors));
    return answer.body.data;
  };
  const create = (message: string, triggerEvent?: string) =>
    actors.api.post(
      '/internal/notifications',
      { userId: cara.id, message, triggerEvent },
      { token: actors.serviceToken },
    );
  const openUpdates = async () => {
    const socket = wsClient(server.url, cara.token);
    sockets.push(socket);
    const ready = connected(socket);
    const stream = collect(socket, updates);
    await ready;
    await pause(200);
    return stream;
  };
  const twenty = <T>(call: () => Promise<T>) => Promise.all(Array.from({ length: 20 }, call));
  const changesOf = (stream: { events: unknown[] }) =>
    stream.events.map((event) => (event as { data: { inboxUpdated: { change: string } } }).data.inboxUpdated);

  beforeAll(async () => {
    server = await startIsolatedServer();
    actors = await actorsOf(server.url);
    cara = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'cara' });
    for (const [message, event] of [
      ['Signed in from Firefox', 'new-sign-in'],
      ['Task assigned', 'task-assigned'],
      ['Comment added', 'task-commented'],
    ] as const) {
      expect((await create(message, event)).status).toBe(201);
    }
  });
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.dispose()));
    await server?.close();
  });

  it('markAllNotificationsSeen 20 times at once: one seen time stands, one event on each open inbox', async () => {
    const [first, second] = [await openUpdates(), await openUpdates()];
    const before = await graph(inboxQuery);
    expect(before.inbox).toMatchObject({ unreadCount: 3, unseenCount: 3 });
    const answers = await twenty(() => graph('mutation { markAllNotificationsSeen { unreadCount unseenCount } }'));
    for (const answer of answers) expect(answer.markAllNotificationsSeen).toEqual({ unreadCount: 3, unseenCount: 0 });
    const after = await graph(inboxQuery);
    const seenTimes = new Set(after.inbox.items.map((item: { seenAt: string }) => item.seenAt));
    expect(seenTimes.size).toBe(1);
    expect([...seenTimes][0]).not.toBeNull();
    await first.next(1);
    await second.next(1);
    await pause(300);
    for (const stream of [first, second]) {
      expect(changesOf(stream)).toEqual([{ change: 'ALL_SEEN', unreadCount: 3, unseenCount: 0, item: null }]);
    }
    await create('After opening', 'task-assigned');
    await first.next(2);
    expect(changesOf(first)[1]).toMatchObject({ change: 'CREATED', unreadCount: 4, unseenCount: 1 });
    expect((await graph(inboxQuery)).inbox).toMatchObject({ unreadCount: 4, unseenCount: 1 });
  });

  it('archive 20 times at once: the first time stands, one event; the item leaves the list and counts', async () => {
    const stream = await openUpdates();
    const legacySocket = wsClient(server.url, cara.token);
    sockets.push(legacySocket);
    const legacy = await openInbox(legacySocket);
    const { inbox } = await graph(inboxQuery);
    const target = inbox.items.find((item: { message: string }) => item.message === 'Task assigned');
    const answers = await twenty(() =>
      graph(`mutation ($id: ID!) { archiveNotification(id: $id) { ${itemFields} } }`, { id: target.id }),
    );
    const times = new Set(answers.map((answer) => answer.archiveNotification.archivedAt));
    expect(times.size).toBe(1);
    await stream.next(1);
    await pause(300);
    expect(changesOf(stream)).toEqual([
      {
        change: 'ARCHIVED',
        unreadCount: 3,
        unseenCount: 1,
        item: {
          id: target.id,
          unread: true,
          seenAt: target.seenAt,
          archivedAt: [...times][0],
          category: 'task-assigned',
        },
      },
    ]);
    // A client of the spec's event alone hears nothing it would misread ("all read").
    expect(legacy.events).toEqual([]);
    const rest = await actors.api.get('/api/v1/notifications', { token: cara.token });
    expect(rest.body.totalItems).toBe(3);
    expect(rest.body.unreadCount).toBe(3);
    expect(rest.body.items.map((item: { id: string }) => item.id)).not.toContain(target.id);
    expect(Object.keys(rest.body.items[0]).sort()).toEqual(
      ['createdAt', 'id', 'message', 'readAt', 'targetLink', 'targetText', 'unread'].sort(),
    );
    const archived = await graph(inboxQuery, { state: 'ARCHIVED' });
    expect(archived.inbox.items.map((item: { id: string }) => item.id)).toEqual([target.id]);
  });

  it('unarchive 20 times at once: one event, the item is back in the list', async () => {
    const stream = await openUpdates();
    const { inbox } = await graph(inboxQuery, { state: 'ARCHIVED' });
    const [target] = inbox.items;
    const answers = await twenty(() =>
      graph(`mutation ($id: ID!) { unarchiveNotification(id: $id) { archivedAt } }`, { id: target.id }),
    );
    expect(answers.every((answer) => answer.unarchiveNotification.archivedAt === null)).toBe(true);
    await stream.next(1);
    await pause(300);
    expect(changesOf(stream).map((update) => update.change)).toEqual(['UNARCHIVED']);
    expect((await graph(inboxQuery)).inbox.totalItems).toBe(4);
  });

  it('archive all read 20 times at once archives each read item once, with one event', async () => {
    const stream = await openUpdates();
    const { inbox } = await graph(inboxQuery);
    const read = inbox.items.slice(0, 2);
    for (const item of read)
      await graph(`mutation ($id: ID!) { markNotificationRead(id: $id) { id } }`, { id: item.id });
    await stream.next(2);
    const answers = await twenty(() => graph('mutation { archiveReadNotifications { message } }'));
    const archivedCounts = answers.map((answer) => Number(/^(\d+)/.exec(answer.archiveReadNotifications.message)![1]));
    expect(archivedCounts.reduce((a, b) => a + b, 0)).toBe(2);
    await stream.next(3);
    await pause(300);
    expect(changesOf(stream).map((update) => update.change)).toEqual(['READ', 'READ', 'ARCHIVED_READ']);
    const after = await graph(inboxQuery);
    expect(after.inbox.totalItems).toBe(2);
    expect((await graph(inboxQuery, { state: 'ARCHIVED' })).inbox.totalItems).toBe(2);
    expect(
      read.every((item: { id: string }) => !after.inbox.items.some((kept: { id: string }) => kept.id === item.id)),
    ).toBe(true);
  });

  it("another user's item or a malformed id answers not found, changing nothing", async () => {
    const dan = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'dan' });
    const { inbox } = await graph(inboxQuery);
    for (const id of [inbox.items[0].id, 'not-an-id']) {
      const answer = await clientFromNewIp(server.url).graphql(
        'mutation ($id: ID!) { archiveNotification(id: $id) { id } }',
        { id },
        { token: dan.token },
      );
      expect(answer.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
    expect((await graph(inboxQuery)).inbox.items[0].archivedAt).toBeNull();
  });
});
