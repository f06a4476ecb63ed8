import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conditionalGets } from '../../../../test/conditional-kit.js';
import { startCountedServer } from '../../../../test/counted-server.js';
import { servicesMissing } from '../../../../test/services.js';
import { taskBoardOn } from '../../../../test/tasks-kit.js';

/**
 * Issue 28, item 3: a 304 of a task's comments costs one cheap statement. The tag names each shown comment's
 * deletion, its reaction counts and the caller's own reaction (none of which touches a comment's `updated_at`), the
 * page's window and total; it is the tag of the full answer, and the cheap path is refused exactly as the read is.
 */
describe.skipIf(servicesMissing)('conditional GETs of comments cost one cheap statement', () => {
  let counted: Awaited<ReturnType<typeof startCountedServer>>;
  let board: Awaited<ReturnType<typeof taskBoardOn>>;
  let other: { token: string };

  beforeAll(async () => {
    counted = await startCountedServer();
    board = await taskBoardOn(counted.server.url, ['tasks:write', 'tasks:read', 'projects:write', 'comments:write']);
    other = await board.kit.user(['tasks:read', 'comments:write']);
  });
  afterAll(async () => counted?.close());

  const { get, expectCheap304, expectChanged } = conditionalGets({
    counted: () => counted,
    api: () => board.api,
    token: () => board.writer.token,
    wholeRow: /select \*|\.\*|comment_attachment|"content",/,
  });

  it("follows each comment's deletion, its reactions and the caller's own reaction, and the page", async () => {
    const code = await board.newTask();
    const path = `/api/v1/tasks/${code}/comments`;
    let tag = await expectCheap304(path);
    const first = await board.comment(code, 'Check the welds');
    tag = await expectChanged(path, tag);
    const second = await board.comment(code, 'Paint after');
    tag = await expectChanged(path, tag);

    // Someone else's reaction: the counts change, the caller's own reaction does not.
    await board.react(code, first, 'like', other.token);
    tag = await expectChanged(path, tag);
    // Someone else switches: likes and dislikes swap one, the number of reactions stays.
    await board.react(code, first, 'dislike', other.token);
    tag = await expectChanged(path, tag);
    // Each caller sees their own reaction: the other caller's tag differs from the writer's.
    const otherTag = await expectCheap304(path, other.token);
    expect(otherTag).not.toBe(tag);
    // The caller's own reaction, then taking it back: the answer, and so the tag, is what it was before.
    await board.react(code, second, 'like', board.writer.token);
    const liked = await expectChanged(path, tag);
    await board.react(code, second, 'like', board.writer.token);
    expect(await expectChanged(path, liked)).toBe(tag);
    expect((await get(path, { 'if-none-match': otherTag }, other.token)).status).toBe(304);
    // The caller's own reaction with the counts unchanged: another's like becomes the caller's.
    await board.react(code, second, 'like', other.token);
    const othersLike = await expectChanged(path, tag);
    await board.react(code, second, 'like', other.token);
    await board.react(code, second, 'like', board.writer.token);
    const own = await get(path);
    expect(own.body.data.find((shown: { id: string }) => shown.id === second)).toMatchObject({
      likes: 1,
      userReaction: 'like',
    });
    tag = await expectChanged(path, othersLike);

    // A deleted comment stays listed with content '' and isDeleted.
    expect((await board.api.delete(`${path}/${first}`, { token: board.writer.token })).status).toBe(200);
    tag = await expectChanged(path, tag);

    // A window that does not show a change keeps its tag unless the total moves.
    const firstOnly = `${path}?sortBy=createdAt&sortOrder=asc&limit=1`;
    const windowTag = await expectCheap304(firstOnly);
    await board.react(code, second, 'dislike', other.token);
    expect((await get(firstOnly, { 'if-none-match': windowTag })).status).toBe(304);
    tag = await expectChanged(path, tag);
    await board.comment(code, 'Third');
    await expectChanged(firstOnly, windowTag);

    // The cheap path agrees with the full answer under every order, window and search.
    for (const query of [
      '?page=2&limit=1',
      '?page=9',
      '?sortBy=updatedAt&sortOrder=desc',
      '?sortBy=createdAt&sortOrder=asc',
      '?search=WELD',
      '?search=paint',
      '?search=100%25_',
    ]) {
      await expectCheap304(`${path}${query}`);
      await expectCheap304(`${path}${query}`, other.token);
    }
  });

  it('never answers 304 to a caller the read refuses, nor for an unknown or deleted task', async () => {
    const code = await board.newTask();
    await board.comment(code, 'Only one');
    const path = `/api/v1/tasks/${code}/comments`;
    const tag = await expectCheap304(path);
    for (const sent of [tag, '*']) {
      expect((await get(path, { 'if-none-match': sent }, board.nobody.token)).status).toBe(403);
      expect((await board.api.get(path, { headers: { 'if-none-match': sent } })).status).toBe(401);
    }
    // A reader with no reactions sees what the writer sees: the same tag.
    expect((await get(path, { 'if-none-match': tag }, board.reader.token)).status).toBe(304);
    const unknown = await get('/api/v1/tasks/NOPE-1-T1/comments', { 'if-none-match': '*' });
    expect([unknown.status, unknown.body.message]).toEqual([404, 'Task not found']);
    expect((await board.api.delete(`/api/v1/tasks/${code}`, { token: board.writer.token })).status).toBe(200);
    expect((await get(path, { 'if-none-match': tag })).status).toBe(404);
  });
});
