import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conditionalGets } from '../../../../test/conditional-kit.js';
import { startCountedServer } from '../../../../test/counted-server.js';
import { servicesMissing } from '../../../../test/services.js';
import { taskBoardOn } from '../../../../test/tasks-kit.js';

/**
 * Issue 28, item 3: a 304 costs one cheap statement. A conditional GET of a task or of a page of a project's tasks
 * is answered from the graph's entity tag (one statement reading ids and update times) before the full read; the tag
 * is the one the full answer carries, it changes with every insert, update, delete and reorder of what the page
 * shows, and it is refused exactly as the read is (no 304 for a record the caller may not read).
 */
describe.skipIf(servicesMissing)('conditional GETs of tasks cost one cheap statement', () => {
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
    wholeRow: /select \*|\.\*|"tags"|"position"/,
  });

  it('answers 304 for a task after one statement; the tag changes on update and the task is gone on delete', async () => {
    const code = await board.newTask();
    const path = `/api/v1/tasks/${code}`;
    const tag = await expectCheap304(path);
    await board.api.patch(path, { name: 'Weld the side beam' }, { token: board.writer.token });
    const renamed = await expectChanged(path, tag);
    await board.api.put(`${path}/status`, { status: 'done' }, { token: board.writer.token });
    const done = await expectChanged(path, renamed);
    await board.api.delete(path, { token: board.writer.token });
    const gone = await get(path, { 'if-none-match': done });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBeDefined();
  });

  it('never answers 304 to a caller the read refuses, nor for an unknown task or project', async () => {
    const { uniqueCode } = await board.project();
    const code = (await board.task(uniqueCode)).unique_code;
    const taskTag = await expectCheap304(`/api/v1/tasks/${code}`);
    const listTag = await expectCheap304(`/api/v1/tasks/projects/${uniqueCode}/tasks`);
    for (const [path, tag] of [
      [`/api/v1/tasks/${code}`, taskTag],
      [`/api/v1/tasks/projects/${uniqueCode}/tasks`, listTag],
    ] as const) {
      const refused = await get(path, { 'if-none-match': tag }, board.nobody.token);
      expect(refused.status, path).toBe(403);
      const star = await get(path, { 'if-none-match': '*' }, board.nobody.token);
      expect(star.status, path).toBe(403);
      const anonymous = await board.api.get(path, { headers: { 'if-none-match': tag } });
      expect(anonymous.status, path).toBe(401);
      // A reader with tasks:read gets the same tag as the writer: a tag names the record's version, not the caller.
      expect((await get(path, { 'if-none-match': tag }, board.reader.token)).status, path).toBe(304);
    }
    expect((await get('/api/v1/tasks/NOPE-1-T1', { 'if-none-match': '*' })).status).toBe(404);
    expect((await get('/api/v1/tasks/projects/NOPE-1/tasks', { 'if-none-match': '*' })).status).toBe(404);
    const unknownId = '00000000-0000-4000-8000-000000000000';
    expect((await get(`/api/v1/tasks/projects/${unknownId}/tasks`, { 'if-none-match': listTag })).status).toBe(404);
  });

  it("answers 304 for the caller's own tasks after one statement; the tag follows their participation", async () => {
    const { uniqueCode } = await board.project();
    const me = board.writer.employee.id;
    const mine = (await board.task(uniqueCode, { participantIds: [me] })).unique_code;
    const other = (await board.task(uniqueCode)).unique_code;
    const path = '/api/v1/tasks/my?limit=100';
    let tag = await expectCheap304(path);
    // Added to a task: the list grows.
    await board.api.patch(`/api/v1/tasks/${other}`, { participantIds: [me] }, { token: board.writer.token });
    tag = await expectChanged(path, tag);
    // One of the caller's tasks changes.
    await board.api.put(`/api/v1/tasks/${mine}/status`, { status: 'review' }, { token: board.writer.token });
    tag = await expectChanged(path, tag);
    // Taken off a task: the list shrinks.
    await board.api.patch(`/api/v1/tasks/${mine}`, { participantIds: [] }, { token: board.writer.token });
    tag = await expectChanged(path, tag);
    await expectCheap304('/api/v1/tasks/my?status=review&search=weld&page=1&limit=5');
    // A user without an employee record has no tasks: the same tag every time, a 304 with no statement at all.
    const none = await get(path, {}, board.reader.token);
    expect(none.body.meta.total).toBe(0);
    let answer: Awaited<ReturnType<typeof get>> | undefined;
    const statements = await counted.statementsOf(async () => {
      answer = await get(path, { 'if-none-match': none.headers.get('etag')! }, board.reader.token);
    });
    expect([answer!.status, statements.length]).toEqual([304, 0]);
    expect((await get(path, { 'if-none-match': tag }, board.nobody.token)).status).toBe(403);
  });

  it("changes a page's tag on insert, update, delete and reorder, and only for what the page shows", async () => {
    const { uniqueCode, id } = await board.project();
    const codes: string[] = [];
    for (const name of ['Anchor', 'Brace', 'Column', 'Deck'])
      codes.push((await board.task(uniqueCode, { name })).unique_code);
    const byName = `/api/v1/tasks/projects/${uniqueCode}/tasks?sortBy=name&sortOrder=asc&limit=2`;
    let tag = await expectCheap304(byName);

    // A change of a task outside the page's window (Deck is on page 2) leaves the page's tag as it was.
    await board.api.patch(`/api/v1/tasks/${codes[3]}`, { description: 'later' }, { token: board.writer.token });
    expect((await get(byName, { 'if-none-match': tag })).status).toBe(304);

    // Update of a shown task.
    await board.api.patch(`/api/v1/tasks/${codes[0]}`, { description: 'changed' }, { token: board.writer.token });
    tag = await expectChanged(byName, tag);
    // Reorder: Deck renamed to sort first moves into the window.
    await board.api.patch(`/api/v1/tasks/${codes[3]}`, { name: 'Abutment' }, { token: board.writer.token });
    tag = await expectChanged(byName, tag);
    expect((await get(byName)).body.data.map((task: { name: string }) => task.name)).toEqual(['Abutment', 'Anchor']);
    // Insert after the window: only the total changes.
    await board.task(uniqueCode, { name: 'Zenith' });
    const grown = await get(byName, { 'if-none-match': tag });
    expect(grown.status).toBe(200);
    expect(grown.body.meta.total).toBe(5);
    tag = await expectChanged(byName, tag);
    // Delete after the window: the total again.
    await board.api.delete(`/api/v1/tasks/${codes[2]}`, { token: board.writer.token });
    tag = await expectChanged(byName, tag);

    // The cheap path agrees with the full answer under every filter, order and window, by id or by code.
    for (const query of [
      '',
      '?page=2&limit=2',
      '?page=9',
      '?sortBy=priority&sortOrder=desc',
      '?sortBy=uniqueCode&sortOrder=asc',
      '?sortBy=endDate',
      '?search=an&sortBy=createdAt&sortOrder=asc',
      '?search=100%25_',
      `?status=todo&priority=medium&departmentId=${board.writer.department.id}`,
      `?departmentId=00000000-0000-4000-8000-000000000000`,
    ]) {
      await expectCheap304(`/api/v1/tasks/projects/${uniqueCode}/tasks${query}`);
      await expectCheap304(`/api/v1/tasks/projects/${id}/tasks${query}`);
    }
  });
});

/** The same for projects: one project and a page of projects, 304 after one statement, the tag following changes. */
describe.skipIf(servicesMissing)('conditional GETs of projects cost one cheap statement', () => {
  let counted: Awaited<ReturnType<typeof startCountedServer>>;
  let board: Awaited<ReturnType<typeof taskBoardOn>>;

  beforeAll(async () => {
    counted = await startCountedServer();
    board = await taskBoardOn(counted.server.url, ['tasks:read', 'projects:write', 'projects:read']);
  });
  afterAll(async () => counted?.close());

  const { get, expectCheap304, expectChanged } = conditionalGets({
    counted: () => counted,
    api: () => board.api,
    token: () => board.writer.token,
    wholeRow: /select \*|\.\*|project_participant|project_document|product/,
  });

  it('answers 304 for a project and a page of projects after one statement, and follows every change', async () => {
    const token = board.writer.token;
    const names = ['Harbour crane', 'Bridge retrofit', 'Silo'];
    const codes: string[] = [];
    for (const name of names) codes.push((await board.project({ name })).uniqueCode);
    const one = `/api/v1/projects/${codes[0]}`;
    const page = `/api/v1/projects?sortBy=name&sortOrder=asc&limit=2&customerId=${board.customerId}`;
    let oneTag = await expectCheap304(one);
    let pageTag = await expectCheap304(page);

    await board.api.patch(one, { description: 'Two cranes' }, { token });
    oneTag = await expectChanged(one, oneTag);
    pageTag = await expectChanged(page, pageTag);
    // Reorder: Silo renamed to sort first.
    await board.api.patch(`/api/v1/projects/${codes[2]}`, { name: 'Anchorage' }, { token });
    pageTag = await expectChanged(page, pageTag);
    expect((await get(page)).body.data.map((project: { name: string }) => project.name)).toEqual([
      'Anchorage',
      'Bridge retrofit',
    ]);
    // Insert after the window (the total), then delete.
    await board.project({ name: 'Tunnel' });
    pageTag = await expectChanged(page, pageTag);
    await board.api.delete(`/api/v1/projects/${codes[1]}`, { token });
    pageTag = await expectChanged(page, pageTag);
    expect((await get(`/api/v1/projects/${codes[1]}`, { 'if-none-match': '*' })).status).toBe(404);

    // No 304 for a caller the read refuses.
    expect((await get(one, { 'if-none-match': oneTag }, board.nobody.token)).status).toBe(403);
    expect((await get(page, { 'if-none-match': pageTag }, board.nobody.token)).status).toBe(403);
    for (const query of [
      '',
      '?page=3&limit=1',
      '?search=ANCH',
      '?status=pending&sortBy=replyDate',
      '?sortBy=contractValue&sortOrder=asc',
    ]) {
      await expectCheap304(`/api/v1/projects${query}`);
    }
  });
});
