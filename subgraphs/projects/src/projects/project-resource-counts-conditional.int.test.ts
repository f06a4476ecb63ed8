import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conditionalGets } from '../../../../test/conditional-kit.js';
import { startCountedServer } from '../../../../test/counted-server.js';
import { servicesMissing } from '../../../../test/services.js';
import { taskBoardOn } from '../../../../test/tasks-kit.js';

/**
 * Issue 28, item 3: a 304 of a project's resource counts costs one statement. The answer is counts only: its version
 * is those counts, every type read with the project's lookup in one statement (the answer takes one per type and one
 * for the project); a change of any count changes the tag, and the full answer's tag is the one the cheap path answers.
 */
describe.skipIf(servicesMissing)('conditional GETs of resource counts cost one statement', () => {
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
    wholeRow: /select \*|\.\*|"name"|"attributes"/,
  });

  it('answers 304 after one statement and follows the counts of tasks, and agrees with the full answer on products', async () => {
    const { uniqueCode } = await board.project();
    const path = `/api/v1/projects/${uniqueCode}/resource-counts`;
    let tag = await expectCheap304(path);
    const code = (await board.task(uniqueCode, { status: 'todo' })).unique_code;
    tag = await expectChanged(path, tag);
    await board.api.put(`/api/v1/tasks/${code}/status`, { status: 'done' }, { token: board.writer.token });
    tag = await expectChanged(path, tag);
    // A change nothing counts (the project's description) keeps the tag.
    await board.api.patch(`/api/v1/projects/${uniqueCode}`, { description: 'Later' }, { token: board.writer.token });
    expect((await get(path, { 'if-none-match': tag })).status).toBe(304);
    await board.api.delete(`/api/v1/tasks/${code}`, { token: board.writer.token });
    tag = await expectChanged(path, tag);
    // Products are given when a project is created (an update does not change them): the cheap path agrees.
    const products = [{ name: 'Beam', status: 'ordered' }, { name: 'Bolt' }, { name: 'Nut' }];
    const stocked = (await board.project({ products })).uniqueCode;
    const stockedPath = `/api/v1/projects/${stocked}/resource-counts`;
    expect((await get(stockedPath)).body.filter((row: { type: string }) => row.type === 'products')).toHaveLength(2);
    for (const query of ['', '?resourceTypes=tasks', '?resourceTypes=documents,products', '?resourceTypes=products']) {
      await expectCheap304(`${path}${query}`);
      await expectCheap304(`${stockedPath}${query}`);
    }
  });

  it('never answers 304 to a caller the read refuses, nor for an unknown or deleted project', async () => {
    const { uniqueCode } = await board.project();
    const path = `/api/v1/projects/${uniqueCode}/resource-counts`;
    const tag = await expectCheap304(path);
    for (const sent of [tag, '*']) {
      expect((await get(path, { 'if-none-match': sent }, board.nobody.token)).status).toBe(403);
      expect((await board.api.get(path, { headers: { 'if-none-match': sent } })).status).toBe(401);
    }
    expect((await get('/api/v1/projects/NOPE-1/resource-counts', { 'if-none-match': '*' })).status).toBe(404);
    expect((await get(`${path}?resourceTypes=nonsense`, { 'if-none-match': '*' })).status).toBe(400);
    await board.api.delete(`/api/v1/projects/${uniqueCode}`, { token: board.writer.token });
    expect((await get(path, { 'if-none-match': tag })).status).toBe(404);
  });
});
