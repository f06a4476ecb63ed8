import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpResult } from '../../../../test/client.js';
import { onDatabase } from '../../../../test/database.js';
import { servicesMissing } from '../../../../test/services.js';
import { startTaskBoard, type TaskBoard } from '../../../../test/tasks-kit.js';

const nilId = '00000000-0000-0000-0000-000000000000';

function expectRefused(answer: HttpResult, field: string, rule: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body.message).toBe(`${field}: ${rule}`);
}

function expectRefusedInGraph(answer: HttpResult, field: string, rule: string): void {
  const [error] = answer.body.errors ?? [];
  expect(error?.extensions?.code, JSON.stringify(answer.body)).toBe('BAD_USER_INPUT');
  expect(error?.message).toBe(`${field}: ${rule}`);
}

describe.skipIf(servicesMissing)(
  'references to the directory and calendar dates are checked (issue 31, item 10)',
  () => {
    let board: TaskBoard;
    let project: { id: string; uniqueCode: string };
    let taskCode: string;

    /** Every row a refused request could have written or changed, to compare before and after. */
    const snapshot = () =>
      onDatabase(board.server.shared.databaseUrl, async (sql) => ({
        projects: (await sql.query('select id, reply_date, updated_at from projects.project order by id')).rows,
        members: (await sql.query('select * from projects.project_participant order by project_id, employee_id')).rows,
        tasks: (await sql.query('select id, department_id, end_date, updated_at from projects.task order by id')).rows,
        taskMembers: (await sql.query('select task_id, employee_id from projects.task_participant order by 1, 2')).rows,
        expenses: (await sql.query('select id from projects.expense')).rows,
        activities: (await sql.query('select id from projects.task_activity')).rows,
      }));

    beforeAll(async () => {
      board = await startTaskBoard(['projects:write', 'projects:read', 'tasks:write', 'tasks:read']);
      project = await board.project({ participantIds: [board.writer.employee.id] });
      taskCode = (await board.task(project.uniqueCode, { participantIds: [board.writer.employee.id] })).unique_code;
    });
    afterAll(async () => board?.server.close());

    it('refuses an unknown department or participant on task create and update, and on project create and update', async () => {
      const { api, writer, kit, customerId } = board;
      const token = writer.token;
      const before = await snapshot();
      const known = writer.employee.id;

      const create = (extra: Record<string, unknown>) =>
        api.post('/api/v1/tasks', board.body(project.uniqueCode, extra), { token });
      expectRefused(await create({ departmentId: nilId }), 'departmentId', 'department not found');
      expectRefused(await create({ participantIds: [known, nilId] }), 'participantIds', 'employee not found');
      // A participant's id is an employee's, not a department's.
      expectRefused(await create({ participantIds: [writer.department.id] }), 'participantIds', 'employee not found');
      const patchTask = (body: Record<string, unknown>) => api.patch(`/api/v1/tasks/${taskCode}`, body, { token });
      expectRefused(await patchTask({ departmentId: nilId }), 'departmentId', 'department not found');
      expectRefused(
        await patchTask({ name: 'Not applied', participantIds: [nilId] }),
        'participantIds',
        'employee not found',
      );

      expectRefused(
        await api.post('/api/v1/projects', kit.projectBody(customerId, { participantIds: [nilId] }), { token }),
        'participantIds',
        'employee not found',
      );
      expectRefused(
        await api.patch(
          `/api/v1/projects/${project.uniqueCode}`,
          { name: 'Not applied', participantIds: [known, nilId] },
          { token },
        ),
        'participantIds',
        'employee not found',
      );

      const updateProject = `mutation ($code: String!, $input: UpdateProjectInput!) {
      updateProject(uniqueCode: $code, input: $input) { id }
    }`;
      expectRefusedInGraph(
        await api.graphql(updateProject, { code: project.uniqueCode, input: { participantIds: [nilId] } }, { token }),
        'participantIds',
        'employee not found',
      );
      const createTask = 'mutation ($input: CreateTaskInput!) { createTask(input: $input) { id } }';
      expectRefusedInGraph(
        await api.graphql(createTask, { input: board.body(project.uniqueCode, { departmentId: nilId }) }, { token }),
        'departmentId',
        'department not found',
      );
      expect(await snapshot()).toEqual(before);

      // Known references are taken as before, and the people resolve in the graph.
      expect((await patchTask({ departmentId: writer.department.id, participantIds: [known] })).status).toBe(200);
      const people = await api.graphql(
        `query ($code: String!) { project(uniqueCode: $code) { participants { email } } }`,
        { code: project.uniqueCode },
        { token },
      );
      expect(people.body).toEqual({ data: { project: { participants: [{ email: writer.employee.email }] } } });
    });

    it('refuses dates that are not on the calendar: project replyDate, task endDate, expense incurredAt', async () => {
      const { api, kit, writer, customerId } = board;
      const token = writer.token;
      const before = await snapshot();
      for (const replyDate of [
        '2030-02-31',
        '2030-02-29',
        '2030-04-31T10:00:00Z',
        '2030-13-01',
        '2030-00-10',
        '2030-01-00',
      ]) {
        expectRefused(
          await api.post('/api/v1/projects', kit.projectBody(customerId, { replyDate }), { token }),
          'replyDate',
          'must be an ISO 8601 date',
        );
      }
      expectRefused(
        await api.patch(`/api/v1/projects/${project.uniqueCode}`, { replyDate: '2030-02-30' }, { token }),
        'replyDate',
        'must be an ISO 8601 date',
      );
      expectRefused(
        await api.post('/api/v1/tasks', board.body(project.uniqueCode, { endDate: '2031-06-31' }), { token }),
        'endDate',
        'must be an ISO 8601 date',
      );
      expectRefused(
        await api.patch(`/api/v1/tasks/${taskCode}`, { endDate: '2031-09-31T08:00:00+02:00' }, { token }),
        'endDate',
        'must be an ISO 8601 date',
      );
      const addExpense = 'mutation ($input: AddProjectExpenseInput!) { addProjectExpense(input: $input) { id } }';
      expectRefusedInGraph(
        await api.graphql(
          addExpense,
          { input: { projectId: project.uniqueCode, amount: 10, category: 'labor', incurredAt: '2030-11-31' } },
          { token },
        ),
        'incurredAt',
        'must be an ISO 8601 date',
      );
      expect(await snapshot()).toEqual(before);

      // A leap day is a day: stored as given.
      const leap = await api.patch(`/api/v1/projects/${project.uniqueCode}`, { replyDate: '2028-02-29' }, { token });
      expect(leap.status).toBe(200);
      expect(leap.body.replyDate).toBe('2028-02-29T00:00:00.000Z');
    });
  },
);
