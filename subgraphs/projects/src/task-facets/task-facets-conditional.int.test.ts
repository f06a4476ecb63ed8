import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conditionalGets } from '../../../../test/conditional-kit.js';
import { startCountedServer } from '../../../../test/counted-server.js';
import { servicesMissing } from '../../../../test/services.js';
import { taskBoardOn } from '../../../../test/tasks-kit.js';

/**
 * Issue 28, item 3: a 304 of a project's task statistics or filter options costs one statement. The answers are counts
 * only, kept by the database's triggers: their version is those counts, read with the project's lookup in one
 * statement that reads no task (but for a name search, which finds its tasks by name as its answer does); a change of
 * any count changes the tag, and the tag of the full answer is the one the cheap path answers.
 */
describe.skipIf(servicesMissing)('conditional GETs of task statistics and filter options cost one statement', () => {
  let counted: Awaited<ReturnType<typeof startCountedServer>>;
  let board: Awaited<ReturnType<typeof taskBoardOn>>;

  beforeAll(async () => {
    counted = await startCountedServer();
    board = await taskBoardOn(counted.server.url, ['tasks:write', 'tasks:read', 'projects:write', 'projects:read']);
  });
  afterAll(async () => counted?.close());

  const { get, expectCheap304, expectChanged } = conditionalGets({
    counted: () => counted,
    api: () => board.api,
    token: () => board.writer.token,
    wholeRow: /select \*/,
    statement: (statement, path) => {
      // The kept counts and the project's key: no task row (a name search finds its tasks by name, as its answer does).
      if (path.includes('searches')) return;
      expect(statement, path).toMatch(/"task_facet"/);
      expect(statement, path).not.toMatch(/"projects"\."task"\s/);
    },
  });

  it('answers 304 after one statement and follows every count, by id and by code', async () => {
    const { uniqueCode, id } = await board.project();
    const path = `/api/v1/tasks/statistics?projectId=${uniqueCode}`;
    let tag = await expectCheap304(path);
    const first = (await board.task(uniqueCode, { status: 'todo', priority: 'low' })).unique_code;
    tag = await expectChanged(path, tag);
    const second = (await board.task(uniqueCode, { status: 'todo', priority: 'high' })).unique_code;
    tag = await expectChanged(path, tag);
    // One status moves: the total stays, two tallies change.
    await board.api.put(`/api/v1/tasks/${first}/status`, { status: 'done' }, { token: board.writer.token });
    tag = await expectChanged(path, tag);
    // Two tasks swap priorities: every count is as it was, and so are the answer and its tag.
    await board.api.patch(`/api/v1/tasks/${first}`, { priority: 'high' }, { token: board.writer.token });
    await board.api.patch(`/api/v1/tasks/${second}`, { priority: 'low' }, { token: board.writer.token });
    expect((await get(path, { 'if-none-match': tag })).status).toBe(304);
    // A change nothing counts (the name) keeps the tag.
    await board.api.patch(`/api/v1/tasks/${first}`, { name: 'Renamed' }, { token: board.writer.token });
    expect((await get(path, { 'if-none-match': tag })).status).toBe(304);
    await board.api.delete(`/api/v1/tasks/${second}`, { token: board.writer.token });
    tag = await expectChanged(path, tag);
    expect(await expectCheap304(`/api/v1/tasks/statistics?projectId=${id}`)).toBe(tag);
  });

  it('answers 304 for filter options after one statement and follows their counts under every filter', async () => {
    const { uniqueCode, id } = await board.project();
    const base = `/api/v1/tasks/filter-options?projectId=${uniqueCode}`;
    const first = (await board.task(uniqueCode, { status: 'todo', tags: ['steel'] })).unique_code;
    await board.task(uniqueCode, { status: 'review', name: 'Weld the frame' });
    const paths = [
      base,
      `${base}&filters[status]=todo,done`,
      `${base}&filters[tags]=steel&filters[priority]=high,medium`,
      `${base}&searches[name]=frame`,
      `/api/v1/tasks/filter-options?projectId=${id}&filters[departmentId]=${board.writer.department.id}`,
    ];
    const tags = [];
    for (const path of paths) tags.push(await expectCheap304(path));
    // A status moves: every list that counts statuses changes.
    await board.api.put(`/api/v1/tasks/${first}/status`, { status: 'done' }, { token: board.writer.token });
    for (const [index, path] of paths.entries()) {
      if (path.includes('searches')) continue; // the moved task is not among the searched ones
      tags[index] = await expectChanged(path, tags[index]!);
    }
    // A new task the search finds: its list changes.
    await board.task(uniqueCode, { name: 'Frame the gate' });
    await expectChanged(paths[3]!, tags[3]!);
    // A rename nothing counts leaves the unsearched list as it was.
    const latest = await expectCheap304(base);
    await board.api.patch(`/api/v1/tasks/${first}`, { name: 'Anchor' }, { token: board.writer.token });
    expect((await get(base, { 'if-none-match': latest })).status).toBe(304);
    expect((await get(`/api/v1/tasks/filter-options?projectId=NOPE-1`, { 'if-none-match': '*' })).status).toBe(404);
    expect((await get(base, { 'if-none-match': latest }, board.nobody.token)).status).toBe(403);
    expect((await board.api.get(base, { headers: { 'if-none-match': latest } })).status).toBe(401);
  });

  it('never answers 304 to a caller the read refuses, nor for an unknown or deleted project', async () => {
    const { uniqueCode } = await board.project();
    const path = `/api/v1/tasks/statistics?projectId=${uniqueCode}`;
    const tag = await expectCheap304(path);
    for (const sent of [tag, '*']) {
      expect((await get(path, { 'if-none-match': sent }, board.nobody.token)).status).toBe(403);
      expect((await board.api.get(path, { headers: { 'if-none-match': sent } })).status).toBe(401);
    }
    expect((await get(path, { 'if-none-match': tag }, board.reader.token)).status).toBe(304);
    expect((await get('/api/v1/tasks/statistics?projectId=NOPE-1', { 'if-none-match': '*' })).status).toBe(404);
    const unknownId = '00000000-0000-4000-8000-000000000000';
    expect((await get(`/api/v1/tasks/statistics?projectId=${unknownId}`, { 'if-none-match': tag })).status).toBe(404);
    await board.api.delete(`/api/v1/projects/${uniqueCode}`, { token: board.writer.token });
    expect((await get(path, { 'if-none-match': tag })).status).toBe(404);
  });
});
