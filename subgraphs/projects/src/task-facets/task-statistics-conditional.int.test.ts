import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCountedServer } from '../../../../test/counted-server.js';
import { servicesMissing } from '../../../../test/services.js';
import { taskBoardOn } from '../../../../test/tasks-kit.js';

/**
 * Issue 28, item 3: a 304 of a project's task statistics costs one statement. The answer is counts only, kept by the
 * database's triggers: its version is those counts, read with the project's lookup in one statement that reads no
 * task; a change of any count changes the tag, and the tag of the full answer is the one the cheap path answers.
 */
describe.skipIf(servicesMissing)('conditional GETs of task statistics cost one statement', () => {
  let counted: Awaited<ReturnType<typeof startCountedServer>>;
  let board: Awaited<ReturnType<typeof taskBoardOn>>;

  beforeAll(async () => {
    counted = await startCountedServer();
    board = await taskBoardOn(counted.server.url, ['tasks:write', 'tasks:read', 'projects:write', 'projects:read']);
  });
  afterAll(async () => counted?.close());

  const get = (path: string, headers: Record<string, string> = {}, token = board.writer.token) =>
    board.api.get(path, { token, headers });

  async function expectCheap304(path: string): Promise<string> {
    const full = await get(path);
    expect(full.status, path).toBe(200);
    const tag = full.headers.get('etag')!;
    let answer: Awaited<ReturnType<typeof get>> | undefined;
    const statements = await counted.statementsOf(async () => {
      answer = await get(path, { 'if-none-match': tag });
    });
    expect(answer!.status, path).toBe(304);
    expect(answer!.headers.get('etag'), path).toBe(tag);
    expect(statements, path).toHaveLength(1);
    // The kept counts and the project's key: no task row.
    expect(statements[0], path).toMatch(/"task_facet"/);
    expect(statements[0], path).not.toMatch(/"projects"\."task"\s|select \*|task_participant/);
    return tag;
  }

  async function expectChanged(path: string, oldTag: string): Promise<string> {
    const changed = await get(path, { 'if-none-match': oldTag });
    expect(changed.status, path).toBe(200);
    expect(changed.headers.get('etag'), path).not.toBe(oldTag);
    expect(await expectCheap304(path)).toBe(changed.headers.get('etag'));
    return changed.headers.get('etag')!;
  }

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
