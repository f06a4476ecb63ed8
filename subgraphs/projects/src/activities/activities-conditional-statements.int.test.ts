import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conditionalGets } from '../../../../test/conditional-kit.js';
import { startCountedServer } from '../../../../test/counted-server.js';
import { servicesMissing } from '../../../../test/services.js';
import { taskBoardOn } from '../../../../test/tasks-kit.js';

/**
 * Issue 28, item 3: a 304 of a task's activity history costs one cheap statement. Entries are only ever added, but an
 * entry that adds a comment shows that comment as the caller sees it: its deletion, its reaction counts and the
 * caller's own reaction change without a new entry, and the tag names them.
 */
describe.skipIf(servicesMissing)('conditional GETs of activities cost one cheap statement', () => {
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
    wholeRow: /select \*|\.\*|comment_attachment|"content"|"from"/,
  });

  it('follows added entries and the state of the comments the entries show', async () => {
    const code = await board.newTask();
    const path = `/api/v1/tasks/${code}/activities`;
    let tag = await expectCheap304(path);
    // A change of the task adds an entry.
    await board.api.patch(`/api/v1/tasks/${code}`, { name: 'Grout the base' }, { token: board.writer.token });
    tag = await expectChanged(path, tag);
    // A comment adds an entry showing it.
    const commentId = await board.comment(code, 'Mix');
    tag = await expectChanged(path, tag);
    const otherTag = await expectCheap304(path, other.token);

    // Someone else's reaction changes the counts the entry shows, with no new entry.
    const entries = (await get(path)).body.length;
    await board.react(code, commentId, 'like', other.token);
    tag = await expectChanged(path, tag);
    expect((await get(path)).body).toHaveLength(entries);
    // The caller's own reaction changes the writer's tag; taken back, the tag is what it was.
    await board.react(code, commentId, 'dislike', board.writer.token);
    const disliked = await expectChanged(path, tag);
    await board.react(code, commentId, 'dislike', board.writer.token);
    expect(await expectChanged(path, disliked)).toBe(tag);
    // The other caller takes back their like: for them, back to the tag from before it.
    await board.react(code, commentId, 'like', other.token);
    expect((await get(path, { 'if-none-match': otherTag }, other.token)).status).toBe(304);
    tag = await expectChanged(path, tag);

    // Deleting the comment (an entry of its own, and the shown comment's deletion).
    await board.api.delete(`/api/v1/tasks/${code}/comments/${commentId}`, { token: board.writer.token });
    tag = await expectChanged(path, tag);
    // A reader with no reaction of its own sees what the writer sees.
    expect((await get(path, { 'if-none-match': tag }, board.reader.token)).status).toBe(304);
  });

  it('never answers 304 to a caller the read refuses, nor for an unknown or deleted task', async () => {
    const code = await board.newTask();
    const path = `/api/v1/tasks/${code}/activities`;
    const tag = await expectCheap304(path);
    for (const sent of [tag, '*']) {
      expect((await get(path, { 'if-none-match': sent }, board.nobody.token)).status).toBe(403);
      expect((await board.api.get(path, { headers: { 'if-none-match': sent } })).status).toBe(401);
    }
    const unknown = await get('/api/v1/tasks/NOPE-1-T1/activities', { 'if-none-match': '*' });
    expect([unknown.status, unknown.body.message]).toEqual([404, 'Task not found']);
    expect((await board.api.delete(`/api/v1/tasks/${code}`, { token: board.writer.token })).status).toBe(200);
    expect((await get(path, { 'if-none-match': tag })).status).toBe(404);
  });
});
