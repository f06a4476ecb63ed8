import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFromNewIp } from '../../../../test/client-address.js';
import { startIsolatedServer } from '../../../../test/harness.js';
import { actorsOf, type Actors } from '../../../../test/notifications-kit.js';
import { servicesMissing } from '../../../../test/services.js';
import { createSignedInUser, type TestUser } from '../../../../test/users.js';

const categories = ['new-sign-in', 'task-assigned', 'task-commented', null] as const;
type Category = (typeof categories)[number];

interface Truth {
  id: string;
  category: Category;
  read: boolean;
  seen: boolean;
  archived: boolean;
}

const inboxQuery = `query ($state: InboxFilter, $category: String) {
  inbox(state: $state, category: $category, limit: 100) {
    totalItems unreadCount unseenCount items { id category unread seenAt archivedAt }
    categories { category total unread unseen archived }
  }
}`;

describe.skipIf(servicesMissing)('categories and tabs: counts per category in one request (issue 30, item 2)', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let actors: Actors;
  let eve: TestUser;
  let truth: Truth[] = [];

  const graph = async (query: string, variables: Record<string, unknown> = {}) => {
    const answer = await clientFromNewIp(server.url).graphql(query, variables, { token: eve.token });
    if (answer.body.errors) throw new Error(JSON.stringify(answer.body.errors));
    return answer.body.data;
  };

  beforeAll(async () => {
    server = await startIsolatedServer();
    actors = await actorsOf(server.url);
    eve = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'eve' });
    // 33 items over four categories (one without a triggerEvent); the states follow a fixed pattern.
    const bodies = Array.from({ length: 33 }, (_, index) => ({
      userId: eve.id,
      message: `Item ${index}`,
      ...(categories[index % 4] ? { triggerEvent: categories[index % 4] } : {}),
    }));
    expect((await actors.api.post('/internal/notifications/bulk', bodies, { token: actors.serviceToken })).status).toBe(
      201,
    );
    const { inbox } = await graph(inboxQuery);
    const listed = inbox.items as { id: string; category: Category }[];
    expect(listed).toHaveLength(33);
    // The inbox is opened (all 33 seen), then eleven more arrive unseen.
    await graph('mutation { markAllNotificationsSeen { unseenCount } }');
    const more = Array.from({ length: 11 }, (_, index) => ({
      userId: eve.id,
      message: `Later ${index}`,
      ...(categories[(index * 3) % 4] ? { triggerEvent: categories[(index * 3) % 4] } : {}),
    }));
    await actors.api.post('/internal/notifications/bulk', more, { token: actors.serviceToken });
    const all = (await graph(inboxQuery)).inbox.items as { id: string; category: Category; seenAt: string | null }[];
    truth = all.map((item, index) => ({
      id: item.id,
      category: item.category,
      read: index % 3 === 0,
      seen: item.seenAt !== null || index % 3 === 0,
      archived: index % 5 === 0 && index % 3 === 0,
    }));
    for (const item of truth.filter((entry) => entry.read)) {
      await graph('mutation ($id: ID!) { markNotificationRead(id: $id) { id } }', { id: item.id });
    }
    for (const item of truth.filter((entry) => entry.archived)) {
      await graph('mutation ($id: ID!) { archiveNotification(id: $id) { id } }', { id: item.id });
    }
  });
  afterAll(async () => server?.close());

  it('answers every category with its total, unread, unseen and archived counts as computed', async () => {
    const { inbox } = await graph(inboxQuery);
    const expected = categories.map((category) => {
      const mine = truth.filter((item) => item.category === category);
      const shown = mine.filter((item) => !item.archived);
      return {
        category,
        total: shown.length,
        unread: shown.filter((item) => !item.read).length,
        unseen: shown.filter((item) => !item.seen).length,
        archived: mine.filter((item) => item.archived).length,
      };
    });
    const byName = (a: { category: Category }, b: { category: Category }) =>
      String(a.category).localeCompare(String(b.category));
    expect([...inbox.categories].sort(byName)).toEqual(expected.sort(byName));
    const shown = truth.filter((item) => !item.archived);
    expect(inbox.unreadCount).toBe(shown.filter((item) => !item.read).length);
    expect(inbox.unseenCount).toBe(shown.filter((item) => !item.seen).length);
    expect(inbox.totalItems).toBe(shown.length);
  });

  it('filters by category and state together, the list agreeing with the truth', async () => {
    const states: Record<string, (item: Truth) => boolean> = {
      ALL: (item) => !item.archived,
      UNREAD: (item) => !item.archived && !item.read,
      READ: (item) => !item.archived && item.read,
      UNSEEN: (item) => !item.archived && !item.seen,
      ARCHIVED: (item) => item.archived,
    };
    for (const category of categories.filter((name) => name !== null)) {
      for (const [state, holds] of Object.entries(states)) {
        const { inbox } = await graph(inboxQuery, { state, category });
        const ids = truth.filter((item) => item.category === category && holds(item)).map((item) => item.id);
        expect({ state, category, ids: [...inbox.items.map((item: { id: string }) => item.id)].sort() }).toEqual({
          state,
          category,
          ids: [...ids].sort(),
        });
        expect(inbox.totalItems).toBe(ids.length);
        expect(inbox.categories).toHaveLength(4);
      }
    }
  });

  it('refuses an unknown state and a category too long, naming the argument', async () => {
    const unknown = await clientFromNewIp(server.url).graphql(
      '{ inbox(state: SOME) { totalItems } }',
      {},
      {
        token: eve.token,
      },
    );
    expect(unknown.body.errors?.[0]?.message).toMatch(/SOME/);
    const long = await clientFromNewIp(server.url).graphql(
      'query ($c: String) { inbox(category: $c) { totalItems } }',
      { c: 'x'.repeat(256) },
      { token: eve.token },
    );
    expect(long.body.errors?.[0]?.message).toBe('category: must be at most 255 characters');
  });
});
