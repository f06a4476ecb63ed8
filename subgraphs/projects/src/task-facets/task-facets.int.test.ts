import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onDatabase } from '../../../../test/database.js';
import { expectRefusedNamingField } from '../../../../test/refusals.js';
import { servicesMissing } from '../../../../test/services.js';
import { startTaskBoard, type TaskBoard } from '../../../../test/tasks-kit.js';

/** A task as seeded, with what the facets look at. */
interface Seeded {
  code: string;
  name: string;
  status: string;
  priority: string;
  departmentId: string;
  tags: string[];
  participantIds: string[];
}

interface Filters {
  status?: string[];
  priority?: string[];
  departmentId?: string[];
  tags?: string[];
  name?: string;
}

type Facet = 'departments' | 'participants' | 'priorities' | 'statuses' | 'tags';
type Option = { value: string; label: string; count: number };

const unknownDepartment = '00000000-0000-4000-8000-00000000d0d0';
const unknownEmployee = '00000000-0000-4000-8000-00000000e0e0';
const statuses = ['todo', 'in progress', 'review', 'done'];
const priorities = ['low', 'medium', 'high', 'urgent'];
const tagSets = [[], ['steel'], ['steel', 'site'], ['paint'], ['site', 'qa', 'paint']];
const names = ['Weld the main BEAM', 'Paint beams', 'Order bolts', '100% inspection', 'Site survey'];

/** Whether a task passes each filter but `except` (decisions: each facet counted under the other facets' filters). */
function passes(task: Seeded, filters: Filters, except?: keyof Filters): boolean {
  const within = (key: keyof Filters, value: string | string[]) => {
    const wanted = filters[key] as string[] | undefined;
    if (key === except || !wanted?.length) return true;
    return Array.isArray(value) ? value.some((item) => wanted.includes(item)) : wanted.includes(value);
  };
  return (
    within('status', task.status) &&
    within('priority', task.priority) &&
    within('departmentId', task.departmentId) &&
    within('tags', task.tags) &&
    (!filters.name || task.name.toLowerCase().includes(filters.name.toLowerCase()))
  );
}

/** The filter options computed from the seed, ordered as decided: count descending, then value. */
function expectedOptions(tasks: Seeded[], filters: Filters, labels: Map<string, string>) {
  const facet = (except: keyof Filters | undefined, valuesOf: (task: Seeded) => string[], selected: string[] = []) => {
    const counts = new Map<string, number>(selected.map((value) => [value, 0]));
    for (const task of tasks.filter((candidate) => passes(candidate, filters, except))) {
      for (const value of valuesOf(task)) counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    return [...counts]
      .map(([value, count]) => ({ value, label: labels.get(value) ?? value, count }))
      .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1));
  };
  return {
    departments: facet('departmentId', (task) => [task.departmentId], filters.departmentId),
    participants: facet(undefined, (task) => task.participantIds),
    priorities: facet('priority', (task) => [task.priority], filters.priority),
    statuses: facet('status', (task) => [task.status], filters.status),
    tags: facet('tags', (task) => task.tags, filters.tags),
  };
}

function expectedStatistics(tasks: Seeded[]) {
  const countBy = (valueOf: (task: Seeded) => string) =>
    tasks.reduce<Record<string, number>>((counts, task) => {
      counts[valueOf(task)] = (counts[valueOf(task)] ?? 0) + 1;
      return counts;
    }, {});
  return {
    total: tasks.length,
    byStatus: countBy((task) => task.status),
    byPriority: countBy((task) => task.priority),
    byDepartment: countBy((task) => task.departmentId),
  };
}

function queryOf(projectId: string, filters: Filters): string {
  const parts = [`projectId=${encodeURIComponent(projectId)}`];
  for (const key of ['status', 'priority', 'departmentId', 'tags'] as const) {
    if (filters[key]) parts.push(`filters[${key}]=${encodeURIComponent(filters[key].join(','))}`);
  }
  if (filters.name !== undefined) parts.push(`searches[name]=${encodeURIComponent(filters.name)}`);
  return parts.join('&');
}

const filterOptionsQuery = `query ($projectId: String!, $filters: TaskFacetFilterInput, $searches: TaskFacetSearchInput) {
  taskFilterOptions(projectId: $projectId, filters: $filters, searches: $searches) {
    departments { value count department { id name } }
    participants { value count employee { id name } }
    priorities { value label count } statuses { value label count } tags { value label count }
  }
}`;
const statisticsQuery = `query ($projectId: String!) {
  taskStatistics(projectId: $projectId) { total byStatus byPriority byDepartment }
}`;

describe.skipIf(servicesMissing)('task filter options and statistics (projects spec; decisions: Tasks)', () => {
  let board: TaskBoard;
  let project: { id: string; uniqueCode: string };
  let seeded: Seeded[];
  const labels = new Map<string, string>();

  const filterOptions = (filters: Filters, projectId = project.uniqueCode, token = board.reader.token) =>
    board.api.get(`/api/v1/tasks/filter-options?${queryOf(projectId, filters)}`, { token });

  /** Every facet of the REST answer equals the one computed from the seed. */
  async function expectOptions(filters: Filters) {
    const answer = await filterOptions(filters);
    expect(answer.status, JSON.stringify(filters)).toBe(200);
    expect(answer.body, JSON.stringify(filters)).toEqual(expectedOptions(seeded, filters, labels));
  }

  /** Gives the seeded tasks planned with unknown ids those ids in the database, as older rows may have them. */
  const referUnknownsAsPlanned = (tasks: Seeded[]) =>
    onDatabase(board.server.shared.databaseUrl, async (sql) => {
      for (const task of tasks) {
        if (task.departmentId === unknownDepartment) {
          await sql.query('update projects.task set department_id = $1 where unique_code = $2', [
            unknownDepartment,
            task.code,
          ]);
        }
        const position = task.participantIds.indexOf(unknownEmployee);
        if (position < 0) continue;
        await sql.query(
          `insert into projects.task_participant (id, task_id, employee_id, position)
           select gen_random_uuid(), id, $1, $3 from projects.task where unique_code = $2`,
          [unknownEmployee, task.code, position],
        );
      }
    });

  beforeAll(async () => {
    board = await startTaskBoard(['tasks:write', 'tasks:read', 'projects:write', 'projects:read']);
    const people = await Promise.all([0, 1, 2].map(() => board.kit.employee([])));
    for (const person of [board.writer, ...people]) {
      labels.set(person.department.id, person.department.name);
      labels.set(person.employee.id, person.employee.name);
    }
    const departments = [...people.map((person) => person.department.id), unknownDepartment];
    const employees = [...people.map((person) => person.employee.id), unknownEmployee];
    project = await board.project();
    const plan = Array.from({ length: 40 }, (_, index) => ({
      name: `${names[index % names.length]} ${index}`,
      status: statuses[(index * 3) % statuses.length],
      priority: priorities[index % priorities.length],
      departmentId: departments[(index * 7) % departments.length],
      tags: tagSets[index % tagSets.length],
      participantIds: employees.filter((_, position) => (index >> position) % 2 === 1),
    }));
    // The API refuses ids the directory does not know; tasks written before it checked them may hold such ids.
    const creatable = (values: (typeof plan)[number]) => ({
      ...values,
      departmentId: values.departmentId === unknownDepartment ? departments[0] : values.departmentId,
      participantIds: values.participantIds.filter((id) => id !== unknownEmployee),
    });
    seeded = [];
    for (const values of plan) {
      const created = await board.task(project.uniqueCode, creatable(values));
      seeded.push({ code: created.unique_code, ...values });
    }
    await referUnknownsAsPlanned(seeded);
    const deleted = await board.task(project.uniqueCode, { ...creatable(plan[1]!), status: 'gone' });
    await board.api.delete(`/api/v1/tasks/${deleted.unique_code}`, { token: board.writer.token });
    await board.task((await board.project()).uniqueCode, { status: 'elsewhere', tags: ['foreign'] });
  }, 120_000);
  afterAll(async () => board?.server.close());

  it('answers each facet as { value, label, count } with exact keys, labels from the directory', async () => {
    const answer = await filterOptions({});
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(['departments', 'participants', 'priorities', 'statuses', 'tags']);
    for (const options of Object.values(answer.body) as Option[][]) {
      expect(options.length).toBeGreaterThan(0);
      for (const option of options) expect(Object.keys(option).sort()).toEqual(['count', 'label', 'value']);
    }
    const department = answer.body.departments.find((option: Option) => option.value !== unknownDepartment);
    expect(department.label).toBe(labels.get(department.value));
    expect(answer.body.departments).toContainEqual(
      expect.objectContaining({ value: unknownDepartment, label: unknownDepartment }),
    );
    expect(answer.body.statuses.map((option: Option) => option.value)).not.toContain('gone');
    expect(answer.body.tags.map((option: Option) => option.value)).not.toContain('foreign');
    expect(answer.body.priorities).toContainEqual({ value: 'urgent', label: 'urgent', count: 10 });
  });

  it('counts every facet as computed from the tasks: no filter, each facet, combined filters and a search', async () => {
    const [first, second] = [...new Set(seeded.map((task) => task.departmentId))];
    const filterSets: Filters[] = [
      {},
      { status: ['todo', 'review'] },
      { priority: ['high'] },
      { departmentId: [first] },
      { tags: ['steel', 'qa'] },
      { status: ['done'], priority: ['low', 'urgent'], departmentId: [second, unknownDepartment], tags: ['paint'] },
      { priority: ['medium', 'urgent'], tags: ['site'], name: 'beam' },
      { name: 'BEAM' },
      { name: '100%' },
      { name: 'nothing matches this' },
      { status: ['never used'], tags: ['no such tag'] },
      { departmentId: ['00000000-0000-4000-8000-0000000000ff'] },
    ];
    for (const filters of filterSets) await expectOptions(filters);
  });

  it('answers the same through the graph, by project id', async () => {
    const filters = { status: ['todo', 'done'], priority: ['high', 'low'] };
    const answer = await board.api.graphql(
      filterOptionsQuery,
      { projectId: project.id, filters, searches: { name: 'beam' } },
      { token: board.reader.token },
    );
    expect(answer.body.errors).toBeUndefined();
    const options = answer.body.data.taskFilterOptions;
    const expected = expectedOptions(seeded, { ...filters, name: 'beam' }, labels);
    for (const facet of ['priorities', 'statuses', 'tags'] as Facet[]) expect(options[facet]).toEqual(expected[facet]);
    const named = (option: {
      value: string;
      count: number;
      department?: { name: string };
      employee?: { name: string };
    }) => ({
      value: option.value,
      label: (option.department ?? option.employee)?.name ?? option.value,
      count: option.count,
    });
    expect(options.departments.map(named)).toEqual(expected.departments);
    expect(options.participants.map(named)).toEqual(expected.participants);
    for (const option of [...options.departments, ...options.participants]) {
      const unknown = [unknownDepartment, unknownEmployee].includes(option.value);
      expect('department' in option ? option.department : option.employee, option.value).toEqual(
        unknown ? null : { id: option.value, name: labels.get(option.value) },
      );
    }
    const statistics = await board.api.graphql(
      statisticsQuery,
      { projectId: project.id },
      { token: board.reader.token },
    );
    expect(statistics.body.data.taskStatistics).toEqual(expectedStatistics(seeded));
  });

  it('answers statistics over REST as plain objects keyed by status, priority and department id', async () => {
    for (const projectId of [project.uniqueCode, project.id]) {
      const answer = await board.api.get(`/api/v1/tasks/statistics?projectId=${projectId}`, {
        token: board.reader.token,
      });
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body).sort()).toEqual(['byDepartment', 'byPriority', 'byStatus', 'total']);
      expect(answer.body).toEqual(expectedStatistics(seeded));
    }
    const empty = await board.project();
    const none = await board.api.get(`/api/v1/tasks/statistics?projectId=${empty.uniqueCode}`, {
      token: board.reader.token,
    });
    expect(none.body).toEqual({ total: 0, byStatus: {}, byPriority: {}, byDepartment: {} });
  });

  it('keeps the counts right through updates, status changes, participant changes and deletes, even concurrent', async () => {
    const changes = seeded.slice(0, 12).map((task, index) => {
      const patch =
        index % 3 === 0
          ? { status: 'blocked', tags: ['steel', 'rework'] }
          : index % 3 === 1
            ? { priority: 'urgent', departmentId: seeded[39]!.departmentId, participantIds: [] }
            : { name: `Renamed beam ${index}`, participantIds: [seeded[15]!.participantIds[0]!] };
      Object.assign(task, patch);
      return board.api.patch(`/api/v1/tasks/${task.code}`, patch, { token: board.writer.token });
    });
    const answers = await Promise.all(changes);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    seeded[20]!.status = 'done';
    await board.api.put(`/api/v1/tasks/${seeded[20]!.code}/status`, { status: 'done' }, { token: board.writer.token });
    const [removed] = seeded.splice(21, 1);
    await board.api.delete(`/api/v1/tasks/${removed!.code}`, { token: board.writer.token });
    for (const filters of [{}, { status: ['blocked'] }, { tags: ['rework'], priority: ['urgent'] }, { name: 'beam' }]) {
      await expectOptions(filters);
    }
    const statistics = await board.api.get(`/api/v1/tasks/statistics?projectId=${project.id}`, {
      token: board.reader.token,
    });
    expect(statistics.body).toEqual(expectedStatistics(seeded));
  });

  it('refuses a missing projectId and bad filters with 400 naming them; an unknown project is 404', async () => {
    const base = '/api/v1/tasks/filter-options';
    await expectRefusedNamingField(
      (query) => board.api.get(`${base}?${query}`, { token: board.reader.token }),
      [
        ['', 'projectId'],
        [`projectId=${project.uniqueCode}&filters[priority]=high,soon`, 'filters[priority]'],
        [`projectId=${project.uniqueCode}&filters[departmentId]=sales`, 'filters[departmentId]'],
        [`projectId=${project.uniqueCode}&filters[status]=${'x'.repeat(65)}`, 'filters[status]'],
      ],
    );
    expect((await board.api.get('/api/v1/tasks/statistics', { token: board.reader.token })).body.message).toContain(
      'projectId',
    );
    for (const path of [`${base}?projectId=PRJ-0`, '/api/v1/tasks/statistics?projectId=PRJ-0']) {
      const answer = await board.api.get(path, { token: board.reader.token });
      expect(answer.status, path).toBe(404);
      expect(answer.body).toEqual({ message: 'Project not found', statusCode: 404 });
    }
    const graph = await board.api.graphql(
      filterOptionsQuery,
      { projectId: project.id, filters: { priority: ['soon'] } },
      { token: board.reader.token },
    );
    const [refusal] = graph.body.errors ?? [];
    expect(refusal?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(refusal?.message).toContain('filters[priority]');
  });

  it('reads the project in the options statement: by id or code alike, a deleted or unknown one is 404 with or without a search', async () => {
    const searched: Filters = { status: ['todo'], name: 'beam' };
    for (const filters of [{}, searched]) {
      expect((await filterOptions(filters, project.id)).body).toEqual((await filterOptions(filters)).body);
    }
    const doomed = await board.project();
    await board.task(doomed.uniqueCode, { name: 'Weld beam on a doomed project', status: 'todo' });
    expect((await filterOptions(searched, doomed.uniqueCode)).body.statuses).toEqual([
      { value: 'todo', label: 'todo', count: 1 },
    ]);
    await onDatabase(board.server.shared.databaseUrl, (sql) =>
      sql.query('update projects.project set deleted_at = now() where id = $1', [doomed.id]),
    );
    for (const projectId of [doomed.id, doomed.uniqueCode, '00000000-0000-4000-8000-0000000000ff']) {
      for (const filters of [{}, searched]) {
        const answer = await filterOptions(filters, projectId);
        expect(answer.status, `${projectId} ${JSON.stringify(filters)}`).toBe(404);
        expect(answer.body).toEqual({ message: 'Project not found', statusCode: 404 });
      }
    }
  });

  it('answers 401 without a bearer and 403 without tasks:read; an admin may read', async () => {
    for (const path of [
      `/api/v1/tasks/filter-options?projectId=${project.uniqueCode}`,
      `/api/v1/tasks/statistics?projectId=${project.uniqueCode}`,
    ]) {
      expect((await board.api.get(path)).status, path).toBe(401);
      const forbidden = await board.api.get(path, { token: board.nobody.token });
      expect(forbidden.status, path).toBe(403);
      expect(forbidden.body.statusCode).toBe(403);
      expect((await board.api.get(path, { token: board.kit.adminToken })).status, path).toBe(200);
    }
  });
});
