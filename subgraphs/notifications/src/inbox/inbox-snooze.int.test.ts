import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFromNewIp } from '../../../../test/client-address.js';
import { onDatabase } from '../../../../test/database.js';
import {
  createTestDatabase,
  newSharedResources,
  startTestServer,
  type SharedResources,
  type TestServer,
} from '../../../../test/harness.js';
import { actorsOf, collect, connected, wsClient, type Actors } from '../../../../test/notifications-kit.js';
import { servicesMissing } from '../../../../test/services.js';
import { createSignedInUser, type TestUser } from '../../../../test/users.js';
import { pause } from '../../../../test/waiting.js';

const updates = `subscription {
  inboxUpdated { change unreadCount unseenCount item { id unread readAt seenAt snoozedUntil } }
}`;
const legacyEvents = `subscription { inboxChanged { unreadCount notification { id unread } } }`;

describe.skipIf(servicesMissing)('snooze, durable through the job engine (issue 30, item 4)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let shared: SharedResources;
  let edge: TestServer;
  let worker: TestServer | undefined;
  let actors: Actors;
  let hal: TestUser;
  const sockets: { dispose(): void | Promise<void> }[] = [];

  const graph = async (query: string, variables: Record<string, unknown> = {}) =>
    (await clientFromNewIp(edge.url).graphql(query, variables, { token: hal.token })).body;
  const listed = async () => (await actors.api.get('/api/v1/notifications', { token: hal.token })).body;
  const follow = async (query: string) => {
    const socket = wsClient(edge.url, hal.token);
    sockets.push(socket);
    const ready = connected(socket);
    const stream = collect(socket, query);
    await ready;
    await pause(200);
    return stream;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    shared = newSharedResources(database.url);
    // The edge runs no worker: snoozed items come back only through a worker process elsewhere.
    edge = await startTestServer(shared, { WORKER_ENABLED: 'false' });
    worker = await startTestServer(shared);
    actors = await actorsOf(edge.url);
    hal = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'hal' });
    for (const message of ['Review the draft', 'Lunch at noon']) {
      await actors.api.post('/internal/notifications', { userId: hal.id, message }, { token: actors.serviceToken });
    }
  });
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.dispose()));
    await edge?.close();
    await worker?.close();
    await database?.drop();
  });

  it('refuses a time that is not ISO 8601, in the past or beyond a year, naming until', async () => {
    const [item] = (await listed()).items;
    for (const [until, rule] of [
      ['tomorrow', 'must be an ISO 8601 date and time'],
      [new Date(Date.now() - 1000).toISOString(), 'must be in the future'],
      [new Date(Date.now() + 400 * 86_400_000).toISOString(), 'must be within a year'],
    ]) {
      const answer = await graph(
        'mutation ($id: ID!, $until: String!) { snoozeNotification(id: $id, until: $until) { id } }',
        {
          id: item.id,
          until,
        },
      );
      expect(answer.errors?.[0]?.message).toBe(`until: ${rule}`);
    }
    expect((await listed()).totalItems).toBe(2);
  });

  it('snoozed 20 times at once: out of the list and counts, one event; back unread and unseen after a worker restart', async () => {
    const stream = await follow(updates);
    const legacy = await follow(legacyEvents);
    const target = (await listed()).items.find((item: { message: string }) => item.message === 'Review the draft');
    await graph('mutation ($id: ID!) { markNotificationRead(id: $id) { id } }', { id: target.id });
    await stream.next(1);
    const until = new Date(Date.now() + 4000).toISOString();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        graph('mutation ($id: ID!, $until: String!) { snoozeNotification(id: $id, until: $until) { snoozedUntil } }', {
          id: target.id,
          until,
        }),
      ),
    );
    expect(answers.every((answer) => answer.data?.snoozeNotification.snoozedUntil === until)).toBe(true);
    const page = await listed();
    expect(page.totalItems).toBe(1);
    expect(page.items.map((item: { id: string }) => item.id)).not.toContain(target.id);
    const wakes = await onDatabase(
      database.url,
      async (sql) =>
        (await sql.query(`select count(*)::int as n from platform_jobs.job where name = 'notification-snoozes'`)).rows,
    );
    expect(wakes[0].n).toBe(1);
    await stream.next(2);
    await pause(300);
    expect(stream.events).toHaveLength(2);
    expect((stream.events[1] as any).data.inboxUpdated).toMatchObject({ change: 'SNOOZED', unreadCount: 1 });

    // The only worker stops before the time comes; another starts after it has passed.
    await worker!.close();
    worker = undefined;
    await pause(Math.max(0, Date.parse(until) - Date.now()) + 1000);
    expect((await listed()).totalItems).toBe(1);
    worker = await startTestServer(shared);
    await stream.next(3, 15_000);
    const returned = (stream.events[2] as any).data.inboxUpdated;
    expect(returned).toMatchObject({
      change: 'RETURNED',
      unreadCount: 2,
      item: { id: target.id, unread: true, readAt: null, seenAt: null, snoozedUntil: null },
    });
    await legacy.next(2);
    expect((legacy.events.at(-1) as any).data.inboxChanged).toEqual({
      unreadCount: 2,
      notification: { id: target.id, unread: true },
    });
    const back = await listed();
    expect(back.totalItems).toBe(2);
    expect(back.unreadCount).toBe(2);
    expect((await graph('{ inboxCounts { unreadCount unseenCount } }')).data.inboxCounts).toEqual({
      unreadCount: 2,
      unseenCount: 2,
    });
  });
});
