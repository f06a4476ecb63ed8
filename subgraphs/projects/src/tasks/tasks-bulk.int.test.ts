import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchProject } from '../../../../test/activity-feed-kit.js';
import type { HttpClient } from '../../../../test/client.js';
import { startCountedServer } from '../../../../test/counted-server.js';
import { projectsTestKit } from '../../../../test/projects-kit.js';
import { servicesMissing } from '../../../../test/services.js';
import { taskBody } from '../../../../test/tasks-kit.js';

type Writer = Awaited<ReturnType<Awaited<ReturnType<typeof projectsTestKit>>['employee']>>;

/** Issue 28, item 2: bulk creates and updates, all or nothing, at a constant statement count. */
describe.skipIf(servicesMissing)('bulk task changes', () => {
  let counted: Awaited<ReturnType<typeof startCountedServer>>;
  let api: HttpClient;
  let writer: Writer;
  let colleague: Writer;
  let project: () => Promise<{ id: string; uniqueCode: string }>;

  beforeAll(async () => {
    counted = await startCountedServer();
    api = counted.api;
    const kit = await projectsTestKit(api);
    writer = await kit.employee(['projects:write', 'projects:read', 'tasks:write', 'tasks:read']);
    colleague = await kit.employee(['tasks:read']);
    const customerId = (await kit.customer()).id;
    project = async () => {
      const created = await api.post('/api/v1/projects', kit.projectBody(customerId), { token: writer.token });
      return created.body as { id: string; uniqueCode: string };
    };
  }, 120_000);
  afterAll(async () => counted?.close());

  const bodies = (code: string, count: number, extra: (index: number) => Record<string, unknown> = () => ({})) =>
    Array.from({ length: count }, (_, index) =>
      taskBody(code, writer.department.id, {
        name: `Task ${index}`,
        participantIds: [writer.employee.id],
        ...extra(index),
      }),
    );
  const totalOf = async (code: string) =>
    (await api.get(`/api/v1/tasks/projects/${code}/tasks?limit=1`, { token: writer.token })).body.meta.total as number;

  it('refuses 100 tasks with one bad item naming its index and field, and writes none of them', async () => {
    const { uniqueCode } = await project();
    const badShape = bodies(uniqueCode, 100, (index) => (index === 57 ? { priority: 'whenever' } : {}));
    const refused = await api.post('/api/v1/tasks/bulk', { tasks: badShape }, { token: writer.token });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^tasks\.57\.priority: /);
    expect(refused.body.errors?.[0].path).toBe('tasks.57.priority');

    const badReference = bodies(uniqueCode, 100, (index) =>
      index === 42 ? { departmentId: '00000000-0000-4000-8000-000000000000' } : {},
    );
    const unknown = await api.post('/api/v1/tasks/bulk', { tasks: badReference }, { token: writer.token });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ message: 'tasks.42.departmentId: department not found' });
    const missing = await api.post('/api/v1/tasks/bulk', { tasks: [{ name: 'x' }] }, { token: writer.token });
    expect(missing.body.message).toBe('tasks.0.projectUniqueCode: is required');
    expect(await totalOf(uniqueCode)).toBe(0);

    const tooMany = await api.post('/api/v1/tasks/bulk', { tasks: bodies(uniqueCode, 101) }, { token: writer.token });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('tasks: must have at most 100 entries');
    expect(await totalOf(uniqueCode)).toBe(0);
  });

  it('creates 10 and 100 tasks with the same statement count, numbered in order, one entry and event each', async () => {
    const { id, uniqueCode } = await project();
    const watcher = watchProject(counted.server.url, writer.token, id);
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      // A warm-up: the first request of a caller also reads what later ones find cached.
      await api.post('/api/v1/tasks/bulk', { tasks: bodies(uniqueCode, 1) }, { token: writer.token });
      let ten: { status: number; body: any } | undefined;
      let hundred: { status: number; body: any } | undefined;
      const tenStatements = await counted.statementsOf(async () => {
        ten = await api.post('/api/v1/tasks/bulk', { tasks: bodies(uniqueCode, 10) }, { token: writer.token });
      });
      const hundredStatements = await counted.statementsOf(async () => {
        hundred = await api.post('/api/v1/tasks/bulk', { tasks: bodies(uniqueCode, 100) }, { token: writer.token });
      });
      expect(ten!.status).toBe(201);
      expect(hundred!.status).toBe(201);
      expect(hundred!.body.data).toHaveLength(100);
      expect(ten!.body.data.map((task: { unique_code: string }) => task.unique_code)).toEqual(
        Array.from({ length: 10 }, (_, index) => `${uniqueCode}-T${index + 2}`),
      );
      expect(hundred!.body.data[99]).toMatchObject({ unique_code: `${uniqueCode}-T111`, name: 'Task 99' });
      expect(hundredStatements, `${tenStatements.join('\n')}\n---\n${hundredStatements.join('\n')}`).toHaveLength(
        tenStatements.length,
      );
      expect(await totalOf(uniqueCode)).toBe(111);
      const activities = await api.get(`/api/v1/tasks/${uniqueCode}-T111/activities`, { token: writer.token });
      expect(activities.body.map((entry: any) => entry.history.type)).toEqual(['created']);
      await watcher.feed.next(111, 10_000);
      const created = watcher.feed.events.map((event) => event.data!.taskActivityAdded.taskId);
      expect(created).toHaveLength(111);
      expect(new Set(created).size).toBe(111);
    } finally {
      await watcher.dispose();
    }
  });

  it('updates 10 and 100 tasks with the same statement count; one bad item refuses all of them', async () => {
    const { uniqueCode } = await project();
    const created = await api.post('/api/v1/tasks/bulk', { tasks: bodies(uniqueCode, 100) }, { token: writer.token });
    const codes: string[] = created.body.data.map((task: { unique_code: string }) => task.unique_code);
    const changes = (count: number, status: string) =>
      codes.slice(0, count).map((code) => ({ unique_code: code, status, participantIds: [colleague.employee.id] }));

    const withUnknown = [...changes(100, 'done')];
    withUnknown[63] = { ...withUnknown[63]!, unique_code: `${uniqueCode}-T999` };
    const refused = await api.patch('/api/v1/tasks/bulk', { tasks: withUnknown }, { token: writer.token });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('tasks.63.uniqueCode: task not found');
    const badParticipant = changes(100, 'done');
    badParticipant[7] = { ...badParticipant[7]!, participantIds: ['00000000-0000-4000-8000-000000000000'] };
    const refusedToo = await api.patch('/api/v1/tasks/bulk', { tasks: badParticipant }, { token: writer.token });
    expect(refusedToo.body.message).toBe('tasks.7.participantIds: employee not found');
    const untouched = await api.get(`/api/v1/tasks/${codes[0]}`, { token: writer.token });
    expect(untouched.body.status).toBe('todo');

    let ten: { status: number; body: any } | undefined;
    let hundred: { status: number; body: any } | undefined;
    const tenStatements = await counted.statementsOf(async () => {
      ten = await api.patch('/api/v1/tasks/bulk', { tasks: changes(10, 'review') }, { token: writer.token });
    });
    const hundredStatements = await counted.statementsOf(async () => {
      hundred = await api.patch('/api/v1/tasks/bulk', { tasks: changes(100, 'done') }, { token: writer.token });
    });
    expect([ten!.status, hundred!.status]).toEqual([200, 200]);
    expect(hundredStatements, `${tenStatements.join('\n')}\n---\n${hundredStatements.join('\n')}`).toHaveLength(
      tenStatements.length,
    );
    expect(hundred!.body.data.every((task: { status: string }) => task.status === 'done')).toBe(true);
    const last = await api.get(`/api/v1/tasks/${codes[99]}`, { token: writer.token });
    expect(last.body.participants.map((person: { employeeId: string }) => person.employeeId)).toEqual([
      colleague.employee.id,
    ]);
    const activities = await api.get(`/api/v1/tasks/${codes[99]}/activities`, { token: writer.token });
    expect(activities.body.map((entry: any) => [entry.history.type, Object.keys(entry.history.to).sort()])).toEqual([
      ['created', expect.any(Array)],
      ['updated', ['participantIds', 'status']],
    ]);
  });

  it('through the graph: createTasks and updateTasks, refusals naming tasks.<index>.<field>', async () => {
    const { uniqueCode } = await project();
    const create = `mutation ($tasks: [CreateTaskInput!]!) { createTasks(tasks: $tasks) { id uniqueCode name } }`;
    const made = await api.graphql(create, { tasks: bodies(uniqueCode, 3) }, { token: writer.token });
    expect(made.body.data.createTasks.map((task: { name: string }) => task.name)).toEqual([
      'Task 0',
      'Task 1',
      'Task 2',
    ]);
    const update = `mutation ($tasks: [UpdateTasksItemInput!]!) { updateTasks(tasks: $tasks) { uniqueCode name } }`;
    const codes = made.body.data.createTasks.map((task: { uniqueCode: string }) => task.uniqueCode);
    const cycle = [
      { uniqueCode: codes[1], parentId: made.body.data.createTasks[0].id },
      { uniqueCode: codes[0], name: '' },
    ];
    const refused = await api.graphql(update, { tasks: cycle }, { token: writer.token });
    expect(refused.body.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect(refused.body.errors?.[0]?.message).toMatch(/^tasks\.1\.name: /);
    // Each move alone is fine; together they would make a cycle, which the call refuses as a whole.
    const ids = made.body.data.createTasks.map((task: { id: string }) => task.id);
    const loop = [
      { uniqueCode: codes[1], parentId: ids[0] },
      { uniqueCode: codes[0], parentId: ids[1] },
    ];
    const looped = await api.graphql(update, { tasks: loop }, { token: writer.token });
    expect(looped.body.errors?.[0]?.message).toMatch(
      /^tasks\.[01]\.parentId: must not be the task itself or one of its subtasks$/,
    );
    const parentOfFirst = await api.get(`/api/v1/tasks/${codes[1]}`, { token: writer.token });
    expect(parentOfFirst.body.parent_id).toBeNull();
    const renamed = await api.graphql(
      update,
      { tasks: codes.map((code: string, index: number) => ({ uniqueCode: code, name: `Renamed ${index}` })) },
      { token: writer.token },
    );
    expect(renamed.body.data.updateTasks.map((task: { name: string }) => task.name)).toEqual([
      'Renamed 0',
      'Renamed 1',
      'Renamed 2',
    ]);
    const reader = await api.graphql(create, { tasks: bodies(uniqueCode, 1) }, { token: colleague.token });
    expect(reader.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
