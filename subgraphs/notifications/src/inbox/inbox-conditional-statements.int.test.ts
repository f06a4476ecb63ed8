import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conditionalGets } from '../../../../test/conditional-kit.js';
import { startCountedServer } from '../../../../test/counted-server.js';
import { actorsOf, type Actors } from '../../../../test/notifications-kit.js';
import { servicesMissing } from '../../../../test/services.js';
import { createSignedInUser, type TestUser } from '../../../../test/users.js';

/**
 * Issue 28, item 3: a 304 of the inbox costs one cheap statement. Reading, seeing, archiving and snoozing an item
 * change no text of it, and its category's counts change with them: the tag names each item's state, the page's
 * numbers and every category's counts, so each of these changes the tag, and the tag of the full answer is the one
 * the cheap path answers.
 */
describe.skipIf(servicesMissing)('conditional GETs of the inbox cost one cheap statement', () => {
  let counted: Awaited<ReturnType<typeof startCountedServer>>;
  let actors: Actors;
  let ivy: TestUser;
  let joe: TestUser;

  beforeAll(async () => {
    counted = await startCountedServer();
    actors = await actorsOf(counted.server.url);
    ivy = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'ivy' });
    joe = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'joe' });
  });
  afterAll(async () => counted?.close());

  const post = async (path: string, body?: unknown, token = ivy.token) => {
    const answer = await actors.api.post(path, body, { token });
    expect(answer.status, path).toBeLessThan(300);
    return answer;
  };
  const notify = (notes: Record<string, unknown>[]) => post('/internal/notifications/bulk', notes, actors.serviceToken);

  const { get, expectCheap304, expectChanged } = conditionalGets({
    counted: () => counted,
    api: () => actors.api,
    token: () => ivy.token,
    wholeRow: /select \*|\.\*|message|title|target_/,
  });

  it('follows new items and every change of state, and the counts of categories not listed', async () => {
    const path = '/api/v1/notifications/inbox';
    let tag = await expectCheap304(path);
    await notify([
      { userId: ivy.id, message: 'Report one', triggerEvent: 'report_ready' },
      { userId: ivy.id, message: 'Report two', triggerEvent: 'report_ready' },
      { userId: ivy.id, message: 'Plain note' },
    ]);
    tag = await expectChanged(path, tag);
    const items = (await get(path)).body.items as { id: string; message: string }[];
    const idOf = (message: string) => items.find((item) => item.message === message)!.id;
    // Someone else's inbox is not this one.
    await notify([{ userId: joe.id, message: 'For Joe' }]);
    expect((await get(path, { 'if-none-match': tag })).status).toBe(304);

    // Seen: no item leaves, only seenAt and the unseen counts change.
    await post('/api/v1/notifications/seen');
    tag = await expectChanged(path, tag);
    // Read: unread, readAt and the unread counts.
    expect(
      (await actors.api.patch(`/api/v1/notifications/${idOf('Plain note')}/read`, {}, { token: ivy.token })).status,
    ).toBe(200);
    tag = await expectChanged(path, tag);

    // A category's list does not show the others, but its tag follows their counts (the tab bar shows them).
    const reports = `${path}?category=report_ready`;
    const reportsTag = await expectCheap304(reports);
    await notify([{ userId: ivy.id, message: 'Another plain note' }]);
    await expectChanged(reports, reportsTag);
    tag = await expectChanged(path, tag);

    // Archived: the item leaves the default list for the archived one.
    const archived = `${path}?state=archived`;
    let archivedTag = await expectCheap304(archived);
    await post(`/api/v1/notifications/${idOf('Report one')}/archive`);
    tag = await expectChanged(path, tag);
    archivedTag = await expectChanged(archived, archivedTag);
    await post(`/api/v1/notifications/${idOf('Report one')}/unarchive`);
    await expectChanged(archived, archivedTag);
    tag = await expectChanged(path, tag);

    // Snoozed: out of the list until it comes back.
    const until = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    await post(`/api/v1/notifications/${idOf('Report two')}/snooze`, { until });
    tag = await expectChanged(path, tag);
    // Read ones archived at once.
    await post('/api/v1/notifications/archive-read');
    tag = await expectChanged(path, tag);

    // The cheap path agrees with the full answer in every state, category and window.
    for (const query of [
      '?state=unread',
      '?state=read',
      '?state=unseen',
      '?state=archived&category=report_ready',
      '?page=2&limit=1',
      '?page=9',
      '?category=none_such',
    ]) {
      await expectCheap304(`${path}${query}`);
    }
    await expectCheap304(path, joe.token);
  });

  it("the spec's list: follows what it shows (read, new, archived items), not what it does not (seen)", async () => {
    const path = '/api/v1/notifications?limit=2';
    let tag = await expectCheap304(path, joe.token);
    await notify([
      { userId: joe.id, message: 'Joe one' },
      { userId: joe.id, message: 'Joe two' },
      { userId: joe.id, message: 'Joe three' },
    ]);
    const changed = await get(path, { 'if-none-match': tag }, joe.token);
    expect(changed.status).toBe(200);
    tag = await expectCheap304(path, joe.token);
    expect(changed.headers.get('etag')).toBe(tag);
    const [newest, second] = changed.body.items as { id: string }[];
    const expectNew = async () => {
      const answer = await get(path, { 'if-none-match': tag }, joe.token);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('etag')).not.toBe(tag);
      tag = await expectCheap304(path, joe.token);
    };
    // Seen is not shown here: the answer and its tag stay.
    await post('/api/v1/notifications/seen', undefined, joe.token);
    expect((await get(path, { 'if-none-match': tag }, joe.token)).status).toBe(304);
    // Read: unread, readAt and the unread count.
    await actors.api.patch(`/api/v1/notifications/${second!.id}/read`, {}, { token: joe.token });
    await expectNew();
    // Archived: the item leaves the list; the total and the window move.
    await post(`/api/v1/notifications/${newest!.id}/archive`, undefined, joe.token);
    await expectNew();
    // All read: the unread count of items outside the window too.
    await post('/api/v1/notifications/read-all', undefined, joe.token);
    await expectNew();
    for (const query of ['', '?page=2&limit=1', '?page=9'])
      await expectCheap304(`/api/v1/notifications${query}`, joe.token);
  });

  it('answers 401 without a signed-in user and 400 for bad arguments, whatever the tag', async () => {
    const path = '/api/v1/notifications/inbox';
    const tag = await expectCheap304(path);
    for (const sent of [tag, '*']) {
      expect((await actors.api.get(path, { headers: { 'if-none-match': sent } })).status).toBe(401);
    }
    const refused = await get(`${path}?state=nonsense`, { 'if-none-match': '*' });
    expect(refused.status).toBe(400);
  });
});
