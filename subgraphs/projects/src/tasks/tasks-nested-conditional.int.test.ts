import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conditionalGets } from '../../../../test/conditional-kit.js';
import { startCountedServer } from '../../../../test/counted-server.js';
import { servicesMissing } from '../../../../test/services.js';
import { taskBoardOn } from '../../../../test/tasks-kit.js';

/**
 * Issue 28, item 3: a 304 of the nested page of tasks costs one statement. The tag names the page's window and total,
 * each task's update time and, when they are asked for, each shown comment's deletion, reaction counts and the
 * caller's own reaction and each activity entry (with the comment it adds): none of a comment's or an entry's changes
 * touches its task's `updated_at`. It is the full answer's tag, and the cheap path is refused exactly as the read is.
 */
describe.skipIf(servicesMissing)('conditional GETs of the nested page of tasks cost one statement', () => {
  let counted: Awaited<ReturnType<typeof startCountedServer>>;
  let board: Awaited<ReturnType<typeof taskBoardOn>>;
  let other: { token: string };

  beforeAll(async () => {
    counted = await startCountedServer();
    board = await taskBoardOn(counted.server.url, [
      'tasks:write',
      'tasks:read',
      'projects:write',
      'projects:read',
      'comments:write',
    ]);
    other = await board.kit.user(['tasks:read', 'comments:write']);
  });
  afterAll(async () => counted?.close());

  const { get, expectCheap304, expectChanged } = conditionalGets({
    counted: () => counted,
    api: () => board.api,
    token: () => board.writer.token,
    wholeRow: /select \*|\.\*|"content"|"name"|"description"|"tags"|task_participant|comment_attachment|"from"/,
  });

  const nested = (project: string, query = '') =>
    `/api/v1/tasks/nested?projectId=${project}&includeComments=true&includeActivities=true${query}`;

  it('follows every task, comment, reaction and activity entry it shows, and the page', async () => {
    const { uniqueCode: project } = await board.project();
    const path = nested(project);
    let tag = await expectCheap304(path);
    const first = (await board.task(project)).unique_code;
    tag = await expectChanged(path, tag);
    const second = (await board.task(project)).unique_code;
    tag = await expectChanged(path, tag);

    // A task's own change (and the history entry it adds).
    await board.api.patch(`/api/v1/tasks/${first}`, { name: 'Renamed' }, { token: board.writer.token });
    tag = await expectChanged(path, tag);
    // A comment adds itself and an activity entry.
    const remark = await board.comment(first, 'Check the welds');
    tag = await expectChanged(path, tag);
    // Reactions touch no task and no entry: someone else's, a switch, the caller's own and taking it back.
    await board.react(first, remark, 'like', other.token);
    tag = await expectChanged(path, tag);
    await board.react(first, remark, 'dislike', other.token);
    tag = await expectChanged(path, tag);
    const otherTag = await expectCheap304(path, other.token);
    expect(otherTag).not.toBe(tag);
    await board.react(first, remark, 'like', board.writer.token);
    const liked = await expectChanged(path, tag);
    await board.react(first, remark, 'like', board.writer.token);
    expect(await expectChanged(path, liked)).toBe(tag);
    // A deleted comment stays shown, deleted (its entry too), and the deletion adds an entry.
    expect(
      (await board.api.delete(`/api/v1/tasks/${first}/comments/${remark}`, { token: board.writer.token })).status,
    ).toBe(200);
    tag = await expectChanged(path, tag);

    // Only the comments, only the entries: each follows what it shows.
    const commentsOnly = `/api/v1/tasks/nested?projectId=${project}&includeComments=true`;
    const entriesOnly = `/api/v1/tasks/nested?projectId=${project}&includeActivities=true`;
    const tasksOnly = `/api/v1/tasks/nested?projectId=${project}`;
    let commentsTag = await expectCheap304(commentsOnly);
    let entriesTag = await expectCheap304(entriesOnly);
    const tasksTag = await expectCheap304(tasksOnly);
    expect(new Set([tag, commentsTag, entriesTag, tasksTag]).size).toBe(4);
    const later = await board.comment(second, 'Paint after');
    commentsTag = await expectChanged(commentsOnly, commentsTag);
    entriesTag = await expectChanged(entriesOnly, entriesTag);
    expect((await get(tasksOnly, { 'if-none-match': tasksTag })).status).toBe(304);
    await board.react(second, later, 'like', other.token);
    commentsTag = await expectChanged(commentsOnly, commentsTag);
    entriesTag = await expectChanged(entriesOnly, entriesTag);
    tag = await expectChanged(path, tag);

    // A window: a change of a task outside it keeps its tag, one that moves its total does not.
    const newest = nested(project, '&limit=1');
    const windowTag = await expectCheap304(newest);
    await board.api.put(`/api/v1/tasks/${first}/status`, { status: 'done' }, { token: board.writer.token });
    expect((await get(newest, { 'if-none-match': windowTag })).status).toBe(304);
    tag = await expectChanged(path, tag);
    const third = (await board.task(project)).unique_code;
    const newestTag = await expectChanged(newest, windowTag);
    tag = await expectChanged(path, tag);
    expect((await board.api.delete(`/api/v1/tasks/${third}`, { token: board.writer.token })).status).toBe(200);
    expect(await expectChanged(newest, newestTag)).toBe(windowTag);
    tag = await expectChanged(path, tag);

    // The cheap path agrees with the full answer by id and by code, in every window, for each caller.
    const { id } = (await get(`/api/v1/projects/${project}`)).body as { id: string };
    for (const query of [
      nested(id),
      nested(project, '&page=2&limit=1'),
      nested(project, '&page=9'),
      `/api/v1/tasks/nested?projectId=${id}&includeActivities=true&limit=2`,
      `/api/v1/tasks/nested?projectId=${project}&includeComments=false&includeActivities=false`,
    ]) {
      await expectCheap304(query);
      await expectCheap304(query, other.token);
    }
  });

  it('never answers 304 to a caller the read refuses, nor for an unknown or deleted project', async () => {
    const { uniqueCode: project } = await board.project();
    const code = (await board.task(project)).unique_code;
    await board.comment(code, 'Only one');
    const path = nested(project);
    const tag = await expectCheap304(path);
    for (const sent of [tag, '*']) {
      expect((await get(path, { 'if-none-match': sent }, board.nobody.token)).status).toBe(403);
      expect((await board.api.get(path, { headers: { 'if-none-match': sent } })).status).toBe(401);
      const unknown = await get(nested('NOPE-1'), { 'if-none-match': sent });
      expect([unknown.status, unknown.body.message]).toEqual([404, 'Project not found']);
      expect((await get(nested('8f6c0f5e-0000-4000-8000-000000000000'), { 'if-none-match': sent })).status).toBe(404);
      expect((await get(nested(project, '&limit=0'), { 'if-none-match': sent })).status).toBe(400);
      expect((await get(nested(project, '&includeComments=maybe'), { 'if-none-match': sent })).status).toBe(400);
    }
    // A reader with no reactions sees what the writer sees: the same tag.
    expect((await get(path, { 'if-none-match': tag }, board.reader.token)).status).toBe(304);
    expect((await board.api.delete(`/api/v1/projects/${project}`, { token: board.writer.token })).status).toBe(200);
    expect((await get(path, { 'if-none-match': tag })).status).toBe(404);
  });
});
