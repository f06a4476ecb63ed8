import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFromNewIp } from '../../../../test/client-address.js';
import { startIsolatedServer } from '../../../../test/harness.js';
import { actorsOf, type Actors } from '../../../../test/notifications-kit.js';
import { servicesMissing } from '../../../../test/services.js';
import { createSignedInUser, type TestUser } from '../../../../test/users.js';

interface Page {
  edges: { cursor: string; node: { id: string; message: string } }[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  totalCount: number;
}

const connectionQuery = `query ($first: Int, $after: String) {
  myNotificationsConnection(first: $first, after: $after) {
    edges { cursor node { id message } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } totalCount } }`;

/** Issue 28, item 4: the inbox by opaque cursor, stable while notifications arrive. */
describe.skipIf(servicesMissing)('the inbox as a Relay connection', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let actors: Actors;
  let eve: TestUser;

  beforeAll(async () => {
    server = await startIsolatedServer();
    actors = await actorsOf(server.url);
    eve = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'eve' });
  });
  afterAll(async () => server?.close());

  const deliver = async (prefix: string, count: number) => {
    const bodies = Array.from({ length: count }, (_, index) => ({ userId: eve.id, message: `${prefix} ${index}` }));
    const created = await actors.api.post('/internal/notifications/bulk', bodies, { token: actors.serviceToken });
    expect(created.status).toBe(201);
  };
  const pageOf = async (first?: number, after?: string) => {
    const answer = await clientFromNewIp(server.url).graphql<{ myNotificationsConnection: Page }>(
      connectionQuery,
      { first, after },
      { token: eve.token },
    );
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data!.myNotificationsConnection;
  };

  it('pages newest first and is stable while notifications arrive between and during the pages', async () => {
    await deliver('Before', 25);
    const expected = (await pageOf(100)).edges.map((edge) => edge.node.id);
    expect(expected).toHaveLength(25);
    const listed = await clientFromNewIp(server.url).graphql(
      '{ myNotifications(limit: 100) { items { id } } }',
      undefined,
      { token: eve.token },
    );
    expect(listed.body.data.myNotifications.items.map((item: { id: string }) => item.id)).toEqual(expected);

    const first = await pageOf(10);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    await deliver('Between', 5);
    const [second] = await Promise.all([pageOf(10, first.pageInfo.endCursor!), deliver('During', 5)]);
    const third = await pageOf(10, second.pageInfo.endCursor!);
    expect(third.totalCount).toBe(35);
    expect(third.pageInfo.hasNextPage).toBe(false);
    expect([first, second, third].flatMap((page) => page.edges.map((edge) => edge.node.id))).toEqual(expected);
    expect((await pageOf(10)).edges.every((edge) => !edge.node.message.startsWith('Before'))).toBe(true);
  });

  it('refuses a cursor it did not make and a page size out of range; a user sees only their own inbox', async () => {
    for (const [variables, message] of [
      [{ after: 'nope' }, 'after: is not a cursor of this list'],
      [{ first: 101 }, 'first: must be 1 to 100'],
    ] as const) {
      const answer = await clientFromNewIp(server.url).graphql(connectionQuery, variables, { token: eve.token });
      expect(answer.body.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
    }
    const other = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'other' });
    const answer = await clientFromNewIp(server.url).graphql(connectionQuery, {}, { token: other.token });
    expect(answer.body.data.myNotificationsConnection).toEqual({
      edges: [],
      pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
      totalCount: 0,
    });
  });
});
