import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicesMissing } from '../../../../test/services.js';
import { startTaskBoard, type TaskBoard } from '../../../../test/tasks-kit.js';

/** The spec's Person: a user as others see them. */
const user = 'id name email code department';
const taskFields = `id uniqueCode name description endDate fileId parentId projectId projectCode departmentId
  department { id code name } participants { id employeeId employee { id name email } } priority status tags
  createdAt updatedAt deletedAt`;
const commentFields = `id taskId parentId actorId actor { ${user} } content attachments { id fileId } likes dislikes
  isDeleted userReaction createdAt`;
const createTask = `mutation ($input: CreateTaskInput!) { createTask(input: $input) { ${taskFields} } }`;
const updateTask = `mutation ($c: String!, $i: UpdateTaskInput!) { updateTask(uniqueCode: $c, input: $i) {
  parentId name } }`;
const activities = `query ($c: String!) { taskActivities(uniqueCode: $c) { id taskId createdAt updatedAt
  history { id type actorId changedAt from to actor { ${user} } } } }`;

describe.skipIf(servicesMissing)('tasks and comments through the graph', () => {
  let board: TaskBoard;
  let participant: TaskBoard['writer'];

  beforeAll(async () => {
    board = await startTaskBoard(['tasks:write', 'tasks:read', 'projects:write', 'comments:write']);
    participant = await board.kit.employee(['tasks:read']);
  });
  afterAll(async () => board?.server.close());

  const gql = (query: string, variables: Record<string, unknown> = {}, token = board.writer.token) =>
    board.api.graphql(query, variables, { token });
  const input = (code: string, extra: Record<string, unknown> = {}) => board.body(code, extra);

  it('creates, reads, lists, updates, re-statuses and deletes a task; people resolved in the auth subgraph', async () => {
    const { id: projectId, uniqueCode: projectCode } = await board.project();
    const created = await gql(createTask, {
      input: input(projectCode, { participantIds: [participant.employee.id], tags: ['steel', 'steel', 'site'] }),
    });
    expect(created.body.errors).toBeUndefined();
    const task = created.body.data.createTask;
    const { department, writer } = { department: board.writer.department, writer: board.writer };
    expect(task).toMatchObject({
      uniqueCode: `${projectCode}-T1`,
      projectId,
      projectCode,
      description: '',
      fileId: null,
      parentId: null,
      departmentId: department.id,
      department: { id: department.id, name: department.name },
      participants: [
        {
          employeeId: participant.employee.id,
          employee: { id: participant.employee.id, name: participant.employee.name, email: participant.employee.email },
        },
      ],
      priority: 'high',
      status: 'todo',
      tags: ['steel', 'site'],
      deletedAt: null,
    });
    expect(task.participants[0].id).not.toBe(participant.employee.id);

    const read = await gql(`query ($c: String!) { task(uniqueCode: $c) { ${taskFields} } }`, { c: task.uniqueCode });
    expect(read.body.data.task).toEqual(task);
    const listed = await gql(
      `query ($p: String!) { projectTasks(projectId: $p, sortBy: "priority", sortOrder: "asc", limit: 5) {
        data { uniqueCode } meta { page limit total totalPages } } }`,
      { p: projectCode },
    );
    expect(listed.body.data.projectTasks).toEqual({
      data: [{ uniqueCode: task.uniqueCode }],
      meta: { page: 1, limit: 5, total: 1, totalPages: 1 },
    });
    const mine = await gql(`query { myTasks { data { uniqueCode } meta { total } } }`, {}, participant.token);
    expect(mine.body.data.myTasks).toEqual({ data: [{ uniqueCode: task.uniqueCode }], meta: { total: 1 } });

    const parent = (await gql(createTask, { input: input(projectCode, { name: 'Phase' }) })).body.data.createTask;
    const attached = await gql(updateTask, { c: task.uniqueCode, i: { parentId: parent.id } });
    expect(attached.body.data.updateTask).toEqual({ parentId: parent.id, name: task.name });
    const kept = await gql(updateTask, { c: task.uniqueCode, i: { name: 'Renamed' } });
    expect(kept.body.data.updateTask).toEqual({ parentId: parent.id, name: 'Renamed' });
    const detached = await gql(updateTask, { c: task.uniqueCode, i: { parentId: null } });
    expect(detached.body.data.updateTask).toEqual({ parentId: null, name: 'Renamed' });
    const status = await gql(`mutation ($c: String!) { updateTaskStatus(uniqueCode: $c, status: "done") { status } }`, {
      c: task.uniqueCode,
    });
    expect(status.body.data.updateTaskStatus).toEqual({ status: 'done' });

    const history = (await gql(activities, { c: task.uniqueCode })).body.data.taskActivities;
    expect(history.map((entry: { history: { type: string } }) => entry.history.type)).toEqual([
      'created',
      'updated',
      'updated',
      'updated',
      'status_changed',
    ]);
    expect(history[2].history).toMatchObject({
      actorId: String(writer.user.id),
      from: { name: task.name },
      to: { name: 'Renamed' },
      actor: {
        id: String(writer.user.id),
        name: writer.employee.name,
        email: writer.user.email,
        code: writer.employee.code,
      },
    });

    const deleted = await gql(`mutation ($c: String!) { deleteTask(uniqueCode: $c) { message } }`, {
      c: task.uniqueCode,
    });
    expect(deleted.body.data.deleteTask).toEqual({ message: 'Task deleted' });
    const gone = await gql(`query ($c: String!) { task(uniqueCode: $c) { id } }`, { c: task.uniqueCode });
    expect(gone.body.errors![0]).toMatchObject({ message: 'Task not found', extensions: { code: 'NOT_FOUND' } });
  });

  it('adds, lists, reacts to and deletes comments; each caller sees their own reaction', async () => {
    const code = await board.newTask();
    const other = await board.kit.user(['tasks:read', 'comments:write']);
    const add = (content: string, parentId?: string, token = board.writer.token) =>
      gql(
        `mutation ($c: String!, $i: AddCommentInput!) { addTaskComment(uniqueCode: $c, input: $i) { ${commentFields} } }`,
        { c: code, i: { content, parentId } },
        token,
      );
    const first = (await add('  First  ')).body.data.addTaskComment;
    expect(first).toMatchObject({
      content: 'First',
      parentId: null,
      actorId: String(board.writer.user.id),
      actor: { id: String(board.writer.user.id), name: board.writer.employee.name },
      attachments: [],
      likes: 0,
      dislikes: 0,
      isDeleted: false,
      userReaction: '',
    });
    const reply = (await add('Reply', first.id, other.token)).body.data.addTaskComment;
    expect(reply.parentId).toBe(first.id);

    const toggle = (type: string, token: string) =>
      gql(
        `mutation ($c: String!, $id: String!, $t: String!) {
          toggleTaskCommentReaction(uniqueCode: $c, commentId: $id, type: $t) { commentId likes dislikes userReaction } }`,
        { c: code, id: first.id, t: type },
        token,
      );
    expect((await toggle('like', other.token)).body.data.toggleTaskCommentReaction).toEqual({
      commentId: first.id,
      likes: 1,
      dislikes: 0,
      userReaction: 'like',
    });
    expect((await toggle('dislike', board.writer.token)).body.data.toggleTaskCommentReaction).toEqual({
      commentId: first.id,
      likes: 1,
      dislikes: 1,
      userReaction: 'dislike',
    });
    const list = (token: string) =>
      gql(
        `query ($c: String!) { taskComments(uniqueCode: $c, sortOrder: "asc") { data { id userReaction likes dislikes }
          meta { total } } }`,
        { c: code },
        token,
      );
    expect((await list(other.token)).body.data.taskComments.data[0]).toEqual({
      id: first.id,
      userReaction: 'like',
      likes: 1,
      dislikes: 1,
    });
    expect((await list(board.writer.token)).body.data.taskComments.data[0].userReaction).toBe('dislike');

    const remove = (id: string, token: string) =>
      gql(
        `mutation ($c: String!, $id: String!) { deleteTaskComment(uniqueCode: $c, commentId: $id) { message } }`,
        { c: code, id },
        token,
      );
    const refused = await remove(first.id, other.token);
    expect(refused.body.errors![0]).toMatchObject({
      message: 'Only the author can delete a comment',
      extensions: { code: 'FORBIDDEN' },
    });
    expect((await remove(first.id, board.writer.token)).body.data.deleteTaskComment).toEqual({
      message: 'Comment deleted',
    });
    const after = (
      await gql(
        `query ($c: String!) { taskComments(uniqueCode: $c, sortOrder: "asc") { data { id content isDeleted } } }`,
        { c: code },
      )
    ).body.data.taskComments.data;
    expect(after).toEqual([
      { id: first.id, content: '', isDeleted: true },
      { id: reply.id, content: 'Reply', isDeleted: false },
    ]);
  });

  it('answers UNAUTHENTICATED, FORBIDDEN, NOT_FOUND and BAD_USER_INPUT naming the field', async () => {
    const { uniqueCode } = await board.project();
    const anonymous = await board.api.graphql(`query ($c: String!) { task(uniqueCode: $c) { id } }`, { c: 'PRJ-1-T1' });
    expect(anonymous.body.errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
    const forbidden = await gql(createTask, { input: input(uniqueCode) }, board.reader.token);
    expect(forbidden.body.errors![0]!.extensions!.code).toBe('FORBIDDEN');
    const unreadable = await gql(
      `query ($p: String!) { projectTasks(projectId: $p) { meta { total } } }`,
      {
        p: uniqueCode,
      },
      board.nobody.token,
    );
    expect(unreadable.body.errors![0]!.extensions!.code).toBe('FORBIDDEN');
    const noProject = await gql(`query ($p: String!) { projectTasks(projectId: $p) { meta { total } } }`, {
      p: randomUUID(),
    });
    expect(noProject.body.errors![0]).toMatchObject({
      message: 'Project not found',
      extensions: { code: 'NOT_FOUND' },
    });

    for (const [field, value] of [
      ['priority', 'someday'],
      ['endDate', 'soon'],
      ['departmentId', 'not-a-uuid'],
      ['projectUniqueCode', 'PRJ-999999'],
    ] as const) {
      const refused = await gql(createTask, { input: input(uniqueCode, { [field]: value }) });
      expect(refused.body.errors![0]!.extensions!.code, field).toBe('BAD_USER_INPUT');
      expect(refused.body.errors![0]!.message, field).toContain(field);
    }
    const listed = await gql(`query ($p: String!) { projectTasks(projectId: $p) { meta { total } } }`, {
      p: uniqueCode,
    });
    expect(listed.body.data.projectTasks.meta.total).toBe(0);
  });
});
