import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicesMissing } from '../../../../test/services.js';
import { startTaskBoard, type TaskBoard } from '../../../../test/tasks-kit.js';

const connection = `query ($projectId: String!, $first: Int, $after: String) {
  projectTasksConnection(projectId: $projectId, first: $first, after: $after) {
    edges { cursor node { uniqueCode } }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    totalCount
  }
}`;

type Page = {
  edges: { cursor: string; node: { uniqueCode: string } }[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  totalCount: number;
};

/** Issue 28, item 4: a project's tasks by opaque cursor, stable while tasks are added. */
describe.skipIf(servicesMissing)("a project's tasks as a Relay connection", () => {
  let board: TaskBoard;

  beforeAll(async () => {
    board = await startTaskBoard(['tasks:write', 'tasks:read', 'projects:write', 'projects:read']);
  });
  afterAll(async () => board?.server.close());

  const addTasks = async (code: string, count: number) => {
    const tasks = Array.from({ length: count }, () => board.body(code));
    const created = await board.api.post('/api/v1/tasks/bulk', { tasks }, { token: board.writer.token });
    expect(created.status).toBe(201);
  };
  const pageOf = async (projectId: string, first?: number, after?: string) => {
    const answer = await board.api.graphql<{ projectTasksConnection: Page }>(
      connection,
      { projectId, first, after },
      { token: board.writer.token },
    );
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data!.projectTasksConnection;
  };

  it('pages newest first and is stable while tasks are added between and during the pages', async () => {
    const { uniqueCode } = await board.project();
    await addTasks(uniqueCode, 25);
    const everyOne = await pageOf(uniqueCode, 100);
    expect(everyOne.totalCount).toBe(25);
    const expected = everyOne.edges.map((edge) => edge.node.uniqueCode);
    const nested = await board.api.get(`/api/v1/tasks/projects/${uniqueCode}/tasks?limit=100`, {
      token: board.writer.token,
    });
    expect(new Set(expected)).toEqual(
      new Set(nested.body.data.map((task: { unique_code: string }) => task.unique_code)),
    );

    const first = await pageOf(uniqueCode, 10);
    expect(first.edges).toHaveLength(10);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(first.pageInfo.startCursor).toBe(first.edges[0]!.cursor);
    await addTasks(uniqueCode, 5);
    const [second] = await Promise.all([pageOf(uniqueCode, 10, first.pageInfo.endCursor!), addTasks(uniqueCode, 5)]);
    expect(second.edges).toHaveLength(10);
    expect(second.totalCount).toBeGreaterThanOrEqual(30);
    const third = await pageOf(uniqueCode, 10, second.pageInfo.endCursor!);
    expect(third.totalCount).toBe(35);
    expect(third.edges).toHaveLength(5);
    expect(third.pageInfo.hasNextPage).toBe(false);
    const seen = [first, second, third].flatMap((page) => page.edges.map((edge) => edge.node.uniqueCode));
    expect(seen).toEqual(expected);
  });

  it("pages the caller's own tasks (myTasksConnection); a user without an employee record has none", async () => {
    const { uniqueCode } = await board.project();
    const mine = Array.from({ length: 3 }, () =>
      board.body(uniqueCode, { participantIds: [board.writer.employee.id] }),
    );
    await board.api.post('/api/v1/tasks/bulk', { tasks: mine }, { token: board.writer.token });
    const query = `query ($first: Int, $after: String) { myTasksConnection(first: $first, after: $after) {
      edges { node { uniqueCode } } pageInfo { hasNextPage endCursor } totalCount } }`;
    const first = await board.api.graphql(query, { first: 2 }, { token: board.writer.token });
    const page = first.body.data.myTasksConnection;
    expect(page.edges).toHaveLength(2);
    expect(page.pageInfo.hasNextPage).toBe(true);
    const rest = await board.api.graphql(query, { after: page.pageInfo.endCursor }, { token: board.writer.token });
    expect(rest.body.data.myTasksConnection.edges).toHaveLength(page.totalCount - 2);
    const none = await board.api.graphql(query, {}, { token: board.reader.token });
    expect(none.body.data.myTasksConnection).toMatchObject({ edges: [], totalCount: 0 });
  });

  it('refuses a cursor it did not make and a page size out of range, naming the argument', async () => {
    const { uniqueCode } = await board.project();
    for (const [variables, message] of [
      [{ after: 'not-a-cursor' }, 'after: is not a cursor of this list'],
      [{ after: Buffer.from('[1,"x"]').toString('base64url') }, 'after: is not a cursor of this list'],
      [{ first: 0 }, 'first: must be 1 to 100'],
      [{ first: 101 }, 'first: must be 1 to 100'],
    ] as const) {
      const answer = await board.api.graphql(
        connection,
        { projectId: uniqueCode, ...variables },
        { token: board.writer.token },
      );
      expect(answer.body.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
    }
    const empty = await pageOf(uniqueCode);
    expect(empty).toEqual({
      edges: [],
      pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
      totalCount: 0,
    });
  });
});
