import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicesMissing } from '../../../../test/services.js';
import { startTaskBoard, type TaskBoard } from '../../../../test/tasks-kit.js';

interface Page {
  edges: { cursor: string; node: { id: string } }[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  totalCount: number;
}

const lists = {
  taskCommentsConnection: `query ($code: String!, $first: Int, $after: String) {
    taskCommentsConnection(uniqueCode: $code, first: $first, after: $after) {
      edges { cursor node { id } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } totalCount } }`,
  taskActivitiesConnection: `query ($code: String!, $first: Int, $after: String) {
    taskActivitiesConnection(uniqueCode: $code, first: $first, after: $after) {
      edges { cursor node { id } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } totalCount } }`,
};

/** Issue 28, item 4: a task's comments and its activity by opaque cursor, stable while records are added. */
describe.skipIf(servicesMissing)("a task's comments and activity as Relay connections", () => {
  let board: TaskBoard;

  beforeAll(async () => {
    board = await startTaskBoard(['tasks:write', 'tasks:read', 'projects:write', 'projects:read', 'comments:write']);
  });
  afterAll(async () => board?.server.close());

  const comment = async (code: string, content: string) => {
    const added = await board.api.post(`/api/v1/tasks/${code}/comments`, { content }, { token: board.writer.token });
    expect(added.status).toBe(201);
  };
  const comments = (code: string, count: number) =>
    Promise.all(Array.from({ length: count }, (_, index) => comment(code, `Note ${index}`)));

  const pageOf = async (list: keyof typeof lists, code: string, first?: number, after?: string) => {
    const answer = await board.api.graphql<Record<string, Page>>(
      lists[list],
      { code, first, after },
      { token: board.writer.token },
    );
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data![list]!;
  };

  /** Pages through `list` ten at a time while `during` adds records before and during the second page. */
  async function pagedWhileAdding(list: keyof typeof lists, code: string, add: () => Promise<unknown>) {
    const everyOne = await pageOf(list, code, 100);
    const expected = everyOne.edges.map((edge) => edge.node.id);
    const first = await pageOf(list, code, 10);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(first.pageInfo.startCursor).toBe(first.edges[0]!.cursor);
    await add();
    const [second] = await Promise.all([pageOf(list, code, 10, first.pageInfo.endCursor!), add()]);
    const third = await pageOf(list, code, 10, second.pageInfo.endCursor!);
    expect(third.pageInfo.hasNextPage).toBe(false);
    const seen = [first, second, third].flatMap((page) => page.edges.map((edge) => edge.node.id));
    expect(seen).toEqual(expected);
    return { expected, last: third };
  }

  it("pages a task's comments newest first, stable while comments are added between and during the pages", async () => {
    const code = await board.newTask();
    await comments(code, 25);
    const { expected, last } = await pagedWhileAdding('taskCommentsConnection', code, () => comments(code, 5));
    expect(expected).toHaveLength(25);
    expect(last.totalCount).toBe(35);
    // The ten added while paging are the newest page now; with the 25 paged, they are every comment of the list.
    const newest = (await pageOf('taskCommentsConnection', code, 10)).edges.map((edge) => edge.node.id);
    const listed = await board.api.get(`/api/v1/tasks/${code}/comments?limit=100`, { token: board.writer.token });
    expect(new Set(listed.body.data.map((entry: { id: string }) => entry.id))).toEqual(
      new Set([...expected, ...newest]),
    );
  });

  it("pages a task's activity newest first, stable while entries are added between and during the pages", async () => {
    const code = await board.newTask();
    // 1 created entry and 24 comment entries; then each addition is five more.
    await comments(code, 24);
    const { expected, last } = await pagedWhileAdding('taskActivitiesConnection', code, () => comments(code, 5));
    expect(expected).toHaveLength(25);
    expect(last.totalCount).toBe(35);
    const history = await board.api.get(`/api/v1/tasks/${code}/activities`, { token: board.writer.token });
    expect(new Set(history.body.map((entry: { id: string }) => entry.id))).toEqual(
      new Set([...expected, ...(await pageOf('taskActivitiesConnection', code, 10)).edges.map((e) => e.node.id)]),
    );
  });

  it('refuses a cursor it did not make and an unknown task', async () => {
    const code = await board.newTask();
    for (const list of Object.keys(lists) as (keyof typeof lists)[]) {
      const answer = await board.api.graphql(lists[list], { code, after: 'nope' }, { token: board.writer.token });
      expect(answer.body.errors?.[0]).toMatchObject({
        message: 'after: is not a cursor of this list',
        extensions: { code: 'BAD_USER_INPUT' },
      });
      const unknown = await board.api.graphql(lists[list], { code: 'PRJ-0-T1' }, { token: board.writer.token });
      expect(unknown.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      const refused = await board.api.graphql(lists[list], { code }, { token: board.nobody.token });
      expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
  });
});
