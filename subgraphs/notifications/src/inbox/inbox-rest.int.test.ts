import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedServer } from '../../../../test/harness.js';
import { actorsOf, type Actors } from '../../../../test/notifications-kit.js';
import { servicesMissing } from '../../../../test/services.js';
import { createSignedInUser, type TestUser } from '../../../../test/users.js';

interface Item {
  id: string;
  message: string;
  seenAt: string | null;
  snoozedUntil: string | null;
}

describe.skipIf(servicesMissing)("the inbox's states over REST (issue 30)", () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let actors: Actors;
  let ivy: TestUser;
  let joe: TestUser;
  const api = () => actors.api;
  const as = (user: TestUser) => ({ token: user.token });
  const inbox = async (query = '') => (await api().get(`/api/v1/notifications/inbox${query}`, as(ivy))).body;
  const itemOf = async (message: string) =>
    (await inbox()).items.find((item: Item) => item.message === message) as Item;

  beforeAll(async () => {
    server = await startIsolatedServer();
    actors = await actorsOf(server.url);
    ivy = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'ivy' });
    joe = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'joe' });
    const notes = [
      { userId: ivy.id, message: 'Report one', triggerEvent: 'report_ready' },
      { userId: ivy.id, message: 'Report two', triggerEvent: 'report_ready' },
      { userId: ivy.id, message: 'Plain note' },
    ];
    const created = await api().post('/internal/notifications/bulk', notes, { token: actors.serviceToken });
    expect(created.status).toBe(201);
  });
  afterAll(async () => server?.close());

  it('lists the inbox with both counts and every category, filtered by state and category', async () => {
    const all = await inbox();
    expect(all).toMatchObject({ currentPage: 1, totalItems: 3, totalPages: 1, unreadCount: 3, unseenCount: 3 });
    expect(all.categories).toEqual([
      { category: null, total: 1, unread: 1, unseen: 1, archived: 0 },
      { category: 'report_ready', total: 2, unread: 2, unseen: 2, archived: 0 },
    ]);
    expect(Object.keys(all.items[0]).sort()).toEqual(
      [
        'archivedAt',
        'category',
        'createdAt',
        'id',
        'message',
        'readAt',
        'seenAt',
        'snoozedUntil',
        'targetLink',
        'targetText',
        'title',
        'unread',
      ].sort(),
    );
    const reports = await inbox('?category=report_ready&state=unread&limit=1&page=2');
    expect(reports).toMatchObject({ currentPage: 2, totalItems: 2, totalPages: 2 });
    expect(reports.items).toHaveLength(1);
    expect(reports.items[0].category).toBe('report_ready');
  });

  it('refuses a state, page or category out of the rules, naming the parameter', async () => {
    const badState = await api().get('/api/v1/notifications/inbox?state=everything', as(ivy));
    expect(badState.status).toBe(400);
    expect(badState.body.message).toBe('state: must be one of all, unread, read, unseen, archived');
    const badPage = await api().get('/api/v1/notifications/inbox?page=0', as(ivy));
    expect(badPage.status).toBe(400);
    expect(badPage.body.message).toBe('page: must be at least 1');
    const longCategory = await api().get(`/api/v1/notifications/inbox?category=${'x'.repeat(256)}`, as(ivy));
    expect(longCategory.status).toBe(400);
    expect(longCategory.body.message).toBe('category: must be at most 255 characters');
    const anonymous = await api().get('/api/v1/notifications/inbox');
    expect(anonymous.status).toBe(401);
  });

  it('marks everything seen once: the first time stands, the counts answer', async () => {
    const seen = await api().post('/api/v1/notifications/seen', {}, as(ivy));
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({ unreadCount: 3, unseenCount: 0 });
    const first = await itemOf('Report one');
    expect(first.seenAt).not.toBeNull();
    const again = await api().post('/api/v1/notifications/seen', {}, as(ivy));
    expect(again.body).toEqual({ unreadCount: 3, unseenCount: 0 });
    expect((await itemOf('Report one')).seenAt).toBe(first.seenAt);
  });

  it("archives and unarchives one item; the spec's list leaves it out while archived", async () => {
    const { id } = await itemOf('Plain note');
    const archived = await api().post(`/api/v1/notifications/${id}/archive`, {}, as(ivy));
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ id, message: 'Plain note', archivedAt: expect.any(String) });
    const twice = await api().post(`/api/v1/notifications/${id}/archive`, {}, as(ivy));
    expect(twice.body.archivedAt).toBe(archived.body.archivedAt);
    const spec = await api().get('/api/v1/notifications', as(ivy));
    expect(spec.body.totalItems).toBe(2);
    expect(Object.keys(spec.body.items[0]).sort()).toEqual(
      ['createdAt', 'id', 'message', 'readAt', 'targetLink', 'targetText', 'unread'].sort(),
    );
    expect((await inbox('?state=archived')).items.map((item: { id: string }) => item.id)).toEqual([id]);

    const back = await api().post(`/api/v1/notifications/${id}/unarchive`, {}, as(ivy));
    expect(back.status).toBe(200);
    expect(back.body.archivedAt).toBeNull();
    expect((await api().get('/api/v1/notifications', as(ivy))).body.totalItems).toBe(3);
  });

  it("answers 404 for another user's item and a malformed id, changing nothing", async () => {
    const { id } = await itemOf('Report one');
    for (const path of [`/api/v1/notifications/${id}/archive`, '/api/v1/notifications/not-an-id/archive']) {
      const refused = await api().post(path, {}, as(joe));
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ message: 'Notification not found', statusCode: 404 });
    }
    expect((await inbox('?state=archived')).items).toEqual([]);
  });

  it('archives every read item', async () => {
    const { id } = await itemOf('Report two');
    expect((await api().patch(`/api/v1/notifications/${id}/read`, {}, as(ivy))).status).toBe(200);
    const archived = await api().post('/api/v1/notifications/archive-read', {}, as(ivy));
    expect(archived.status).toBe(200);
    expect(archived.body).toEqual({ message: '1 notifications archived' });
    expect((await inbox('?state=archived')).items.map((item: { id: string }) => item.id)).toEqual([id]);
  });

  it('snoozes an item until a time, and refuses a time in the past or a missing one, writing nothing', async () => {
    const { id } = await itemOf('Report one');
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const snoozed = await api().post(`/api/v1/notifications/${id}/snooze`, { until }, as(ivy));
    expect(snoozed.status).toBe(200);
    expect(snoozed.body).toMatchObject({ id, snoozedUntil: until });
    expect((await inbox()).items.map((item: { id: string }) => item.id)).not.toContain(id);

    const { id: other } = await itemOf('Plain note');
    const past = await api().post(
      `/api/v1/notifications/${other}/snooze`,
      { until: '2020-01-01T00:00:00.000Z' },
      as(ivy),
    );
    expect(past.status).toBe(400);
    expect(past.body.message).toMatch(/^until: /);
    const missing = await api().post(`/api/v1/notifications/${other}/snooze`, {}, as(ivy));
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('until: is required');
    expect((await itemOf('Plain note')).snoozedUntil).toBeNull();
  });
});
