import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicesMissing } from '../../../test/services.js';
import { startTaskBoard, type TaskBoard } from '../../../test/tasks-kit.js';

/** Issue 28, item 3: ETag and If-None-Match on every JSON GET, If-Match on the writes of projects and tasks. */
describe.skipIf(servicesMissing)('conditional requests over REST', () => {
  let board: TaskBoard;
  let projectCode: string;
  let projectId: string;
  let taskCode: string;

  beforeAll(async () => {
    board = await startTaskBoard(['tasks:write', 'tasks:read', 'projects:write', 'projects:read']);
    ({ uniqueCode: projectCode, id: projectId } = await board.project());
    taskCode = (await board.task(projectCode, { participantIds: [board.writer.employee.id] })).unique_code;
    await board.api.post(`/api/v1/tasks/${taskCode}/comments`, { content: 'First' }, { token: board.writer.token });
  });
  afterAll(async () => board?.server.close());

  const get = (path: string, headers: Record<string, string> = {}) =>
    board.api.get(path, { token: board.writer.token, headers });

  /** A GET answers a tag, 304 with no body for it (alone, in a list, weak), and 200 again for another tag. */
  async function expectConditionalGet(path: string) {
    const first = await get(path);
    expect(first.status, path).toBe(200);
    const tag = first.headers.get('etag')!;
    expect(tag, path).toMatch(/^"[\w-]{32}"$/);
    const again = await get(path);
    expect(again.headers.get('etag'), `${path} is stable`).toBe(tag);
    for (const header of [tag, `"other", ${tag}`, `W/${tag}`, '*']) {
      const notModified = await get(path, { 'if-none-match': header });
      expect(notModified.status, `${path} ${header}`).toBe(304);
      expect(notModified.body, path).toBeUndefined();
      expect(notModified.headers.get('etag'), path).toBe(tag);
    }
    const stale = await get(path, { 'if-none-match': '"not-this-one"' });
    expect(stale.status, path).toBe(200);
    expect(stale.body).toEqual(first.body);
    return tag;
  }

  it('answers an ETag and 304 to If-None-Match on every JSON GET of a record or a list', async () => {
    for (const path of [
      '/api/v1/projects',
      `/api/v1/projects/${projectCode}`,
      `/api/v1/projects/${projectCode}/resource-counts`,
      `/api/v1/projects/${projectCode}/expenses`,
      `/api/v1/tasks/projects/${projectCode}/tasks`,
      '/api/v1/tasks/my',
      `/api/v1/tasks/nested?projectId=${projectId}&includeComments=true`,
      `/api/v1/tasks/${taskCode}`,
      `/api/v1/tasks/${taskCode}/activities`,
      `/api/v1/tasks/${taskCode}/comments`,
      `/api/v1/tasks/statistics?projectId=${projectId}`,
      `/api/v1/tasks/filter-options?projectId=${projectId}`,
      '/api/v1/notifications',
      '/api/v1/notifications/devices',
      '/api/v1/auth/devices',
    ])
      await expectConditionalGet(path);
  });

  it("changes a list's tag when an item changes, when an item is added (total) and when the order changes", async () => {
    const { uniqueCode } = await board.project();
    const first = (await board.task(uniqueCode, { name: 'A' })).unique_code;
    await board.task(uniqueCode, { name: 'B' });
    const list = (query = '') => `/api/v1/tasks/projects/${uniqueCode}/tasks${query}`;
    const initial = await expectConditionalGet(list());

    await board.api.patch(`/api/v1/tasks/${first}`, { description: 'changed' }, { token: board.writer.token });
    const afterChange = (await get(list(), { 'if-none-match': initial })).headers.get('etag');
    expect((await get(list(), { 'if-none-match': initial })).status).toBe(200);
    expect(afterChange).not.toBe(initial);

    await board.task(uniqueCode, { name: 'C' });
    const grown = await get(list(), { 'if-none-match': afterChange! });
    expect(grown.status).toBe(200);
    expect(grown.body.meta.total).toBe(3);

    const byName = await get(list('?sortBy=name&sortOrder=asc'));
    const reversed = await get(list('?sortBy=name&sortOrder=desc'));
    expect(byName.body.meta).toEqual(reversed.body.meta);
    expect(byName.headers.get('etag')).not.toBe(reversed.headers.get('etag'));
  });

  /** A guarded write: a stale tag answers 412 and writes nothing; the current tag (or *) lets it through. */
  async function expectGuardedWrite(
    read: string,
    write: (headers: Record<string, string>) => Promise<{ status: number; body: any }>,
    unchanged: (body: any) => unknown,
  ) {
    const before = await get(read);
    const tag = before.headers.get('etag')!;
    const refused = await write({ 'if-match': '"stale-tag"' });
    expect(refused.status, read).toBe(412);
    expect(refused.body).toEqual({ message: 'Precondition failed', statusCode: 412 });
    const weak = await write({ 'if-match': `W/${tag}` });
    expect(weak.status, `${read}: a weak tag never matches If-Match`).toBe(412);
    const still = await get(read, { 'if-none-match': tag });
    expect(still.status, `${read}: nothing was written`).toBe(304);
    expect(unchanged).toBeDefined();
    const accepted = await write({ 'if-match': `"other", ${tag}` });
    expect(accepted.status, read).toBe(200);
    return tag;
  }

  it('honours If-Match on PATCH, PUT and DELETE of tasks (412 Precondition failed, nothing written)', async () => {
    const code = await board.newTask();
    const token = board.writer.token;
    const read = `/api/v1/tasks/${code}`;
    const oldTag = await expectGuardedWrite(
      read,
      (headers) => board.api.patch(read, { name: 'Renamed' }, { token, headers }),
      (body) => body.name,
    );
    expect((await get(read)).body.name).toBe('Renamed');
    // The tag the first write was checked against is now stale for the next one.
    expect(
      (await board.api.put(`${read}/status`, { status: 'done' }, { token, headers: { 'if-match': oldTag } })).status,
    ).toBe(412);
    await expectGuardedWrite(
      read,
      (headers) => board.api.put(`${read}/status`, { status: 'in_progress' }, { token, headers }),
      (body) => body.status,
    );
    expect((await get(read)).body.status).toBe('in_progress');
    await expectGuardedWrite(
      read,
      (headers) => board.api.delete(read, { token, headers }),
      (body) => body.id,
    );
    expect((await get(read)).status).toBe(404);
  });

  it('honours If-Match on PATCH and DELETE of projects and on their progress', async () => {
    const { uniqueCode } = await board.project();
    const token = board.writer.token;
    const read = `/api/v1/projects/${uniqueCode}`;
    await expectGuardedWrite(
      read,
      (headers) => board.api.patch(read, { name: 'Renamed project' }, { token, headers }),
      (body) => body.name,
    );
    expect((await get(read)).body.name).toBe('Renamed project');
    await expectGuardedWrite(
      read,
      (headers) => board.api.patch(`${read}/progress`, { progress: 'bidding' }, { token, headers }),
      (body) => body.progress,
    );
    await expectGuardedWrite(
      read,
      (headers) => board.api.delete(read, { token, headers }),
      (body) => body.id,
    );
    expect((await get(read)).status).toBe(404);
  });

  it('writes as before without If-Match, and an If-Match on an unknown record is the 404 of its read', async () => {
    const code = await board.newTask();
    const token = board.writer.token;
    expect((await board.api.patch(`/api/v1/tasks/${code}`, { name: 'Plain' }, { token })).status).toBe(200);
    const unknown = await board.api.patch(
      '/api/v1/tasks/PRJ-0-T0',
      { name: 'x' },
      { token, headers: { 'if-match': '*' } },
    );
    expect(unknown.status).toBe(404);
  });

  it('lets one of many concurrent writes with the same If-Match through: the version is checked again under the row lock', async () => {
    for (const write of [
      (code: string, n: number, tag: string) =>
        board.api.patch(
          `/api/v1/tasks/${code}`,
          { name: `Racer ${n}` },
          { token: board.writer.token, headers: { 'if-match': tag } },
        ),
      (code: string, n: number, tag: string) =>
        board.api.put(
          `/api/v1/tasks/${code}/status`,
          { status: `lane-${n}` },
          { token: board.writer.token, headers: { 'if-match': tag } },
        ),
    ]) {
      const code = await board.newTask();
      const tag = (await get(`/api/v1/tasks/${code}`)).headers.get('etag')!;
      // All ten pass the check before the write (each reads the same record first); only the first to lock the
      // row finds it unchanged, the others find another version there and write nothing.
      const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => write(code, n, tag)));
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 412)).toHaveLength(9);
      const winner = answers.find((answer) => answer.status === 200)!;
      const now = await get(`/api/v1/tasks/${code}`);
      expect(now.body).toEqual(winner.body);
      const history = await get(`/api/v1/tasks/${code}/activities`);
      expect(history.body).toHaveLength(2);
    }
  });

  it('refuses a graph write given an updatedAt the record no longer has, and names a malformed one', async () => {
    const code = await board.newTask();
    const token = board.writer.token;
    const read = await get(`/api/v1/tasks/${code}`);
    await board.api.patch(`/api/v1/tasks/${code}`, { name: 'Changed meanwhile' }, { token });
    const mutation = `mutation ($code: String!, $at: String) {
      updateTask(uniqueCode: $code, input: { name: "Stale" }, expectedUpdatedAt: $at) { name updatedAt } }`;
    const stale = await board.api.graphql(mutation, { code, at: read.body.updatedAt }, { token });
    expect(stale.body.errors?.[0]).toMatchObject({
      message: 'Precondition failed',
      extensions: { code: 'PRECONDITION_FAILED' },
    });
    const current = await get(`/api/v1/tasks/${code}`);
    expect(current.body.name).toBe('Changed meanwhile');
    const fresh = await board.api.graphql(mutation, { code, at: current.body.updatedAt }, { token });
    expect(fresh.body.data.updateTask.name).toBe('Stale');
    const malformed = await board.api.graphql(mutation, { code, at: 'yesterday' }, { token });
    expect(malformed.body.errors?.[0]).toMatchObject({
      message: 'expectedUpdatedAt: must be an ISO 8601 time',
      extensions: { code: 'BAD_USER_INPUT' },
    });

    const { uniqueCode: project } = await board.project();
    const projectRead = await get(`/api/v1/projects/${project}`);
    await board.api.patch(`/api/v1/projects/${project}`, { name: 'Renamed meanwhile' }, { token });
    const deletion = await board.api.graphql(
      'mutation ($code: String!, $at: String) { deleteProject(uniqueCode: $code, expectedUpdatedAt: $at) { message } }',
      { code: project, at: projectRead.body.updatedAt },
      { token },
    );
    expect(deletion.body.errors?.[0]?.extensions?.code).toBe('PRECONDITION_FAILED');
    expect((await get(`/api/v1/projects/${project}`)).status).toBe(200);
  });
});
