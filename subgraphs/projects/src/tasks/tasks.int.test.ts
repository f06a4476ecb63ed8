import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onDatabase } from '../../../../test/database.js';
import { uploadFiles } from '../../../../test/files.js';
import { personKeys } from '../../../../test/projects-kit.js';
import { expectRefusedNamingField } from '../../../../test/refusals.js';
import { servicesMissing } from '../../../../test/services.js';
import {
  activityKeys,
  historyKeys,
  startTaskBoard,
  type TaskBoard,
  taskKeys,
  taskParticipantKeys,
} from '../../../../test/tasks-kit.js';
import { pause } from '../../../../test/waiting.js';

const isoMillis = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const unknownId = '00000000-0000-4000-8000-000000000000';

describe.skipIf(servicesMissing)('tasks over REST (projects spec, decisions.md paths)', () => {
  let server: TaskBoard['server'];
  let api: TaskBoard['api'];
  let kit: TaskBoard['kit'];
  let writer: TaskBoard['writer'];
  let participant: TaskBoard['writer'];
  let reader: TaskBoard['reader'];
  let nobody: TaskBoard['nobody'];
  let project: TaskBoard['project'];
  let body: TaskBoard['body'];
  let task: TaskBoard['task'];

  beforeAll(async () => {
    ({ server, api, kit, writer, reader, nobody, project, body, task } = await startTaskBoard([
      'tasks:write',
      'tasks:read',
      'projects:write',
      'projects:read',
    ]));
    participant = await kit.employee(['tasks:read']);
  });
  afterAll(async () => server?.close());

  it('creates a task (201) with the spec shape field for field, and gets it back by code', async () => {
    const { id: projectId, uniqueCode } = await project();
    const file = await uploadFiles(server.url, writer.token, [
      { name: 'plan.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4 plan') },
    ]);
    const parent = await task(uniqueCode, { name: 'Phase 1' });
    const created = await api.post(
      '/api/v1/tasks',
      body(uniqueCode, {
        description: 'Both ends',
        fileId: file.body.id,
        parentId: parent.id,
        participantIds: [participant.employee.id],
        tags: ['steel', 'site'],
        // Server-owned fields are ignored, never applied.
        unique_code: 'PRJ-0-T99',
        deletedAt: '2020-01-01T00:00:00.000Z',
      }),
      { token: writer.token },
    );
    expect(created.status).toBe(201);
    const found = created.body;
    expect(Object.keys(found).sort()).toEqual(taskKeys);
    expect(found).toMatchObject({
      unique_code: `${uniqueCode}-T2`,
      name: 'Weld the main beam',
      description: 'Both ends',
      endDate: '2026-12-20T00:00:00.000Z',
      fileId: file.body.id,
      parent_id: parent.id,
      projectId,
      project_id: projectId,
      project_code: uniqueCode,
      departmentId: writer.department.id,
      department: { code: expect.stringMatching(/^D-/), id: writer.department.id, name: writer.department.name },
      priority: 'high',
      status: 'todo',
      tags: ['steel', 'site'],
      deletedAt: null,
    });
    expect(found.participants).toHaveLength(1);
    expect(Object.keys(found.participants[0]).sort()).toEqual(taskParticipantKeys);
    expect(found.participants[0]).toMatchObject({
      employeeId: participant.employee.id,
      email: participant.employee.email,
      name: participant.employee.name,
    });
    for (const key of ['createdAt', 'updatedAt', 'endDate']) expect(found[key]).toMatch(isoMillis);
    expect(parent).toMatchObject({ unique_code: `${uniqueCode}-T1`, parent_id: null, fileId: null, tags: [] });

    const fetched = await api.get(`/api/v1/tasks/${found.unique_code}`, { token: reader.token });
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(found);
  });

  it('refuses bad create bodies with 400 naming the field, and writes nothing', async () => {
    const { uniqueCode } = await project();
    const other = await project();
    const foreign = await task(other.uniqueCode);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: undefined }, 'name'],
      [{ name: '  ' }, 'name'],
      [{ endDate: undefined }, 'endDate'],
      [{ endDate: 'soon' }, 'endDate'],
      [{ priority: undefined }, 'priority'],
      [{ priority: 'critical' }, 'priority'],
      [{ status: undefined }, 'status'],
      [{ departmentId: undefined }, 'departmentId'],
      [{ departmentId: 'sales' }, 'departmentId'],
      [{ projectUniqueCode: undefined }, 'projectUniqueCode'],
      [{ projectUniqueCode: 'PRJ-0' }, 'projectUniqueCode'],
      [{ participantIds: ['x'] }, 'participantIds'],
      [{ tags: 'a,b' }, 'tags'],
      [{ fileId: unknownId }, 'fileId'],
      [{ parentId: unknownId }, 'parentId'],
      [{ parentId: foreign.id }, 'parentId'],
    ];
    for (const [extra, field] of cases) {
      const refused = await api.post('/api/v1/tasks', body(uniqueCode, extra), { token: writer.token });
      expect(refused.status, JSON.stringify(extra)).toBe(400);
      expect(refused.body.statusCode).toBe(400);
      expect(refused.body.message, JSON.stringify(extra)).toContain(field);
    }
    const listed = await api.get(`/api/v1/tasks/projects/${uniqueCode}/tasks`, { token: reader.token });
    expect(listed.body.meta.total).toBe(0);
    expect((await task(uniqueCode)).unique_code).toBe(`${uniqueCode}-T1`);
  });

  it('hands out codes per project, never twice, not even under concurrency or after a delete', async () => {
    const first = await project();
    const second = await project();
    const codes = await Promise.all(Array.from({ length: 12 }, () => task(first.uniqueCode)));
    expect(new Set(codes.map((created) => created.unique_code)).size).toBe(12);
    expect(codes.map((created) => Number(created.unique_code.split('-T')[1])).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, index) => index + 1),
    );
    expect((await task(second.uniqueCode)).unique_code).toBe(`${second.uniqueCode}-T1`);
    await api.delete(`/api/v1/tasks/${first.uniqueCode}-T12`, { token: writer.token });
    expect((await task(first.uniqueCode)).unique_code).toBe(`${first.uniqueCode}-T13`);
  });

  it("queues a create behind another transaction holding the project's counter past the client's 1.5 s bound", async () => {
    const { id: projectId, uniqueCode } = await project();
    await task(uniqueCode);
    // Creates in one project queue on its counter row until each commits; on a loaded machine a burst of them
    // waits longer than the driver's 1.5 s read bound, which is there to notice a database that stopped answering.
    const created = await onDatabase(server.shared.databaseUrl, async (sql) => {
      await sql.query('begin');
      await sql.query('select 1 from "projects"."task_sequence" where "project_id" = $1 for update', [projectId]);
      const queued = task(uniqueCode);
      await pause(2_500);
      await sql.query('commit');
      return queued;
    });
    expect(created.unique_code).toBe(`${uniqueCode}-T2`);
  });

  it('answers 401 without a bearer and 403 without the permission on every path', async () => {
    const { uniqueCode } = await project();
    const { unique_code: code } = await task(uniqueCode);
    const paths: [string, string, string, unknown?][] = [
      ['POST', '/api/v1/tasks', 'write', body(uniqueCode)],
      ['GET', '/api/v1/tasks/my', 'read'],
      ['GET', `/api/v1/tasks/projects/${uniqueCode}/tasks`, 'read'],
      ['GET', `/api/v1/tasks/${code}`, 'read'],
      ['PATCH', `/api/v1/tasks/${code}`, 'write', { name: 'x' }],
      ['PUT', `/api/v1/tasks/${code}/status`, 'write', { status: 'done' }],
      ['DELETE', `/api/v1/tasks/${code}`, 'write'],
      ['GET', `/api/v1/tasks/${code}/activities`, 'read'],
    ];
    for (const [method, path, need, payload] of paths) {
      expect((await api.request(method, path, payload)).status, `${method} ${path}`).toBe(401);
      const forbidden = await api.request(method, path, payload, { token: nobody.token });
      expect(forbidden.status, `${method} ${path}`).toBe(403);
      expect(forbidden.body.statusCode).toBe(403);
      if (need === 'write') {
        expect((await api.request(method, path, payload, { token: reader.token })).status, path).toBe(403);
      }
    }
    expect((await api.get(`/api/v1/tasks/${code}`, { token: reader.token })).body.name).toBe('Weld the main beam');
  });

  it('answers 404 for an unknown task or project on every path', async () => {
    for (const [method, path, payload, message] of [
      ['GET', '/api/v1/tasks/PRJ-0-T1', undefined, 'Task not found'],
      ['PATCH', '/api/v1/tasks/PRJ-0-T1', { name: 'x' }, 'Task not found'],
      ['PUT', '/api/v1/tasks/PRJ-0-T1/status', { status: 'done' }, 'Task not found'],
      ['DELETE', '/api/v1/tasks/PRJ-0-T1', undefined, 'Task not found'],
      ['GET', '/api/v1/tasks/PRJ-0-T1/activities', undefined, 'Task not found'],
      ['GET', '/api/v1/tasks/projects/PRJ-0/tasks', undefined, 'Project not found'],
      ['GET', `/api/v1/tasks/projects/${unknownId}/tasks`, undefined, 'Project not found'],
    ] as const) {
      const answer = await api.request(method, path, payload, { token: writer.token });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body).toEqual({ message, statusCode: 404 });
    }
  });

  it('updates with PATCH semantics: parentId absent keeps, null detaches, "" and cycles are 400', async () => {
    const { uniqueCode } = await project();
    const root = await task(uniqueCode, { name: 'Root' });
    const child = await task(uniqueCode, { name: 'Child', parentId: root.id });
    const grandchild = await task(uniqueCode, { name: 'Grandchild', parentId: child.id });
    const path = `/api/v1/tasks/${child.unique_code}`;
    const renamed = await api.patch(path, { name: 'Renamed', tags: ['x'] }, { token: writer.token });
    expect(renamed.status).toBe(200);
    expect(Object.keys(renamed.body).sort()).toEqual(taskKeys);
    expect(renamed.body).toMatchObject({ name: 'Renamed', tags: ['x'], parent_id: root.id, priority: 'high' });
    for (const [patch, field] of [
      [{ parentId: '', name: 'Not applied' }, 'parentId'],
      [{ parentId: child.id, name: 'Not applied' }, 'parentId'],
      [{ parentId: grandchild.id, name: 'Not applied' }, 'parentId'],
      [{ parentId: unknownId, name: 'Not applied' }, 'parentId'],
      [{ priority: 'soon', name: 'Not applied' }, 'priority'],
      [{ endDate: 'never', name: 'Not applied' }, 'endDate'],
      [{ name: '', tags: ['y'] }, 'name'],
    ] as const) {
      const refused = await api.patch(path, patch, { token: writer.token });
      expect(refused.status, JSON.stringify(patch)).toBe(400);
      expect(refused.body.message).toContain(field);
    }
    const detached = await api.patch(path, { parentId: null }, { token: writer.token });
    expect(detached.body).toMatchObject({ name: 'Renamed', tags: ['x'], parent_id: null });
    const moved = await api.patch(
      `/api/v1/tasks/${root.unique_code}`,
      { parentId: grandchild.id },
      {
        token: writer.token,
      },
    );
    expect(moved.status).toBe(200);
    expect(moved.body.parent_id).toBe(grandchild.id);
  });

  it('sets the status with PUT; status is required', async () => {
    const { uniqueCode } = await project();
    const { unique_code: code } = await task(uniqueCode);
    const path = `/api/v1/tasks/${code}/status`;
    const set = await api.put(path, { status: 'in review' }, { token: writer.token });
    expect(set.status).toBe(200);
    expect(Object.keys(set.body).sort()).toEqual(taskKeys);
    expect(set.body.status).toBe('in review');
    for (const payload of [{}, { status: '' }, { status: 3 }]) {
      const refused = await api.put(path, payload, { token: writer.token });
      expect(refused.status, JSON.stringify(payload)).toBe(400);
      expect(refused.body.message).toContain('status');
    }
  });

  it('records an activity entry per change holding exactly the changed fields, oldest first', async () => {
    const { uniqueCode } = await project();
    const created = await task(uniqueCode, { tags: ['a'] });
    const code = created.unique_code;
    await api.patch(
      `/api/v1/tasks/${code}`,
      { name: 'New name', priority: 'high', tags: ['a'] },
      {
        token: writer.token,
      },
    );
    await api.patch(`/api/v1/tasks/${code}`, { priority: 'high' }, { token: writer.token });
    await api.patch(`/api/v1/tasks/${code}`, { participantIds: [participant.employee.id] }, { token: writer.token });
    await api.put(`/api/v1/tasks/${code}/status`, { status: 'done' }, { token: writer.token });
    await api.put(`/api/v1/tasks/${code}/status`, { status: 'done' }, { token: writer.token });
    const answer = await api.get(`/api/v1/tasks/${code}/activities`, { token: reader.token });
    expect(answer.status).toBe(200);
    const entries = answer.body;
    expect(entries.map((entry: { history: { type: string } }) => entry.history.type)).toEqual([
      'created',
      'updated',
      'updated',
      'status_changed',
    ]);
    for (const entry of entries) {
      expect(Object.keys(entry).sort()).toEqual(activityKeys);
      expect(Object.keys(entry.history).sort()).toEqual(historyKeys);
      expect(entry.taskId).toBe(created.id);
      expect(entry.history.changedAt).toMatch(isoMillis);
      expect(Object.keys(entry.history.actor).sort()).toEqual(personKeys);
      expect(entry.history.actor).toMatchObject({
        name: writer.employee.name,
        code: writer.employee.code,
        department: writer.department.name,
      });
      expect(entry.history.actorId).toBe(entry.history.actor.id);
    }
    expect(entries[0].history.from).toEqual({});
    expect(entries[0].history.to).toMatchObject({ name: 'Weld the main beam', priority: 'high', tags: ['a'] });
    expect(entries[1].history).toMatchObject({ from: { name: 'Weld the main beam' }, to: { name: 'New name' } });
    expect(entries[2].history).toMatchObject({ from: { participantIds: [] } });
    expect(entries[2].history.to).toEqual({ participantIds: [participant.employee.id] });
    expect(entries[3].history).toMatchObject({ from: { status: 'todo' }, to: { status: 'done' } });
    expect(entries[1].history.to).toEqual({ name: 'New name' });

    expect((await api.delete(`/api/v1/tasks/${code}`, { token: writer.token })).status).toBe(200);
    const refused = await api.patch(`/api/v1/tasks/${code}`, { name: 'Gone' }, { token: writer.token });
    expect(refused.status).toBe(404);
    expect((await api.get(`/api/v1/tasks/${code}/activities`, { token: reader.token })).status).toBe(404);
  });

  it("lists a project's tasks by id or code with paging, search, sorting and filters; bad parameters are 400", async () => {
    const { id, uniqueCode } = await project();
    const other = await kit.employee([]);
    await task(uniqueCode, { name: '100% alpha', priority: 'low', status: 'todo' });
    await task(uniqueCode, { name: 'beta', priority: 'urgent', status: 'done' });
    await task(uniqueCode, { name: 'a_b gamma', priority: 'medium', departmentId: other.department.id });
    const list = (query: string, project = uniqueCode) =>
      api.get(`/api/v1/tasks/projects/${project}/tasks?${query}`, { token: reader.token });
    const byPriority = await list('sortBy=priority&sortOrder=desc&limit=2', id);
    expect(byPriority.status).toBe(200);
    expect(Object.keys(byPriority.body).sort()).toEqual(['data', 'meta']);
    expect(byPriority.body.meta).toEqual({ limit: 2, page: 1, total: 3, totalPages: 2 });
    expect(byPriority.body.data.map((item: { priority: string }) => item.priority)).toEqual(['urgent', 'medium']);
    for (const item of byPriority.body.data) expect(Object.keys(item).sort()).toEqual(taskKeys);
    const byCode = await list('sortBy=uniqueCode&sortOrder=asc');
    expect(byCode.body.data.map((item: { name: string }) => item.name)).toEqual(['100% alpha', 'beta', 'a_b gamma']);
    expect((await list(`search=${encodeURIComponent('100%')}`)).body.meta.total).toBe(1);
    expect((await list(`search=${encodeURIComponent('a_b')}`)).body.meta.total).toBe(1);
    expect((await list('status=done')).body.data[0].name).toBe('beta');
    expect((await list('priority=low')).body.data[0].name).toBe('100% alpha');
    expect((await list(`departmentId=${other.department.id}`)).body.data[0].name).toBe('a_b gamma');
    expect((await list('')).body.meta).toEqual({ limit: 10, page: 1, total: 3, totalPages: 1 });
    await expectRefusedNamingField(
      (query) => list(query),
      [
        ['page=0', 'page'],
        ['page=abc', 'page'],
        ['limit=0', 'limit'],
        ['limit=101', 'limit'],
        ['sortOrder=up', 'sortOrder'],
        ['sortBy=password', 'sortBy'],
        ['priority=soon', 'priority'],
        ['departmentId=x', 'departmentId'],
      ],
    );
  });

  it("lists the caller's tasks: those in which their employee is a participant", async () => {
    const { uniqueCode } = await project();
    const member = await kit.employee(['tasks:read']);
    const mine = await task(uniqueCode, { name: 'Mine', participantIds: [member.employee.id] });
    await task(uniqueCode, { name: 'Not mine' });
    const gone = await task(uniqueCode, { name: 'Deleted', participantIds: [member.employee.id] });
    await api.delete(`/api/v1/tasks/${gone.unique_code}`, { token: writer.token });
    const answer = await api.get('/api/v1/tasks/my', { token: member.token });
    expect(answer.status).toBe(200);
    expect(answer.body.meta).toEqual({ limit: 10, page: 1, total: 1, totalPages: 1 });
    expect(answer.body.data).toEqual([expect.objectContaining({ id: mine.id, name: 'Mine' })]);
    expect(Object.keys(answer.body.data[0]).sort()).toEqual(taskKeys);
    expect((await api.get('/api/v1/tasks/my?status=other', { token: member.token })).body.meta.total).toBe(0);
    expect((await api.get('/api/v1/tasks/my?limit=101', { token: member.token })).status).toBe(400);
    const noEmployee = await api.get('/api/v1/tasks/my', { token: reader.token });
    expect(noEmployee.body).toEqual({ data: [], meta: { limit: 10, page: 1, total: 0, totalPages: 0 } });
  });

  it('deletes softly with { message }; the task is then invisible everywhere', async () => {
    const { uniqueCode } = await project();
    const doomed = await task(uniqueCode, { participantIds: [participant.employee.id] });
    const path = `/api/v1/tasks/${doomed.unique_code}`;
    const deleted = await api.delete(path, { token: writer.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Task deleted' });
    expect((await api.get(path, { token: reader.token })).status).toBe(404);
    expect((await api.delete(path, { token: writer.token })).status).toBe(404);
    expect((await api.get(`${path}/activities`, { token: reader.token })).status).toBe(404);
    const listed = await api.get(`/api/v1/tasks/projects/${uniqueCode}/tasks`, { token: reader.token });
    expect(listed.body.data).toEqual([]);
    const asParent = await api.post('/api/v1/tasks', body(uniqueCode, { parentId: doomed.id }), {
      token: writer.token,
    });
    expect(asParent.status).toBe(400);
  });

  it("deleting a project deletes its tasks; resource counts count a project's tasks by status", async () => {
    const { uniqueCode } = await project();
    const first = await task(uniqueCode, { status: 'todo' });
    await task(uniqueCode, { status: 'todo' });
    await task(uniqueCode, { status: 'done' });
    const gone = await task(uniqueCode, { status: 'done' });
    await api.delete(`/api/v1/tasks/${gone.unique_code}`, { token: writer.token });
    const counts = await api.get(`/api/v1/projects/${uniqueCode}/resource-counts?resourceTypes=tasks`, {
      token: writer.token,
    });
    expect(counts.body).toEqual([
      { type: 'tasks', status: 'done', count: 1 },
      { type: 'tasks', status: 'todo', count: 2 },
    ]);
    expect((await api.delete(`/api/v1/projects/${uniqueCode}`, { token: writer.token })).status).toBe(200);
    expect((await api.get(`/api/v1/tasks/${first.unique_code}`, { token: reader.token })).status).toBe(404);
    const mine = await api.get('/api/v1/tasks/my?limit=100', { token: writer.token });
    expect(mine.body.data.map((item: { id: string }) => item.id)).not.toContain(first.id);
  });
});
