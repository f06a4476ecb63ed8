import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MyTaskListDocument,
  ProjectBoardDocument,
  ProjectListDocument,
  TaskViewDocument,
  type MyTaskListQuery,
  type ProjectBoardQuery,
  type ProjectListQuery,
  type TaskViewQuery,
} from '../src/generated/graphql.js';
import type { HttpClient } from '../../test/client.js';
import { startCountedServer } from '../../test/counted-server.js';
import { uploadFiles } from '../../test/files.js';
import { projectsTestKit } from '../../test/projects-kit.js';
import { servicesMissing } from '../../test/services.js';
import { createTask, taskBody } from '../../test/tasks-kit.js';

/**
 * Issue 26, cost: each view of the dashboard is the console's own operation (its generated document), sent once,
 * and the statements it makes the database run do not grow with the page size (DataLoader batches every nested
 * field: people, departments, comments, reactions).
 */
describe.skipIf(servicesMissing)("the dashboard's views cost one request and the same SQL at any size", () => {
  let counted: Awaited<ReturnType<typeof startCountedServer>>;
  let api: HttpClient;
  let token: string;
  let projectCode: string;
  let quietTask: string;
  let busyTask: string;

  /** A stored file, uploaded through the REST files path as the console does. */
  async function attachment(as: string): Promise<string> {
    const uploaded = await uploadFiles(counted.server.url, as, [
      { name: 'plan.txt', type: 'text/plain', bytes: Buffer.from('plan') },
    ]);
    expect(uploaded.status).toBe(201);
    return uploaded.body.id as string;
  }

  beforeAll(async () => {
    counted = await startCountedServer();
    api = counted.api;
    const kit = await projectsTestKit(api);
    const writer = await kit.employee([
      'projects:read',
      'projects:write',
      'tasks:write',
      'tasks:read',
      'comments:write',
    ]);
    const colleague = await kit.employee(['tasks:read', 'comments:write']);
    token = writer.token;
    const customerId = (await kit.customer()).id;
    for (let index = 0; index < 12; index += 1) {
      const created = await api.post('/api/v1/projects', kit.projectBody(customerId, { name: `Project ${index}` }), {
        token,
      });
      expect(created.status).toBe(201);
      projectCode = created.body.uniqueCode;
    }
    const participantIds = [writer.employee.id, colleague.employee.id];
    const codes: string[] = [];
    for (let index = 0; index < 30; index += 1) {
      const task = await createTask(
        api,
        token,
        taskBody(projectCode, writer.department.id, { participantIds, tags: ['site'], name: `Task ${index}` }),
      );
      codes.push(task.unique_code);
      const comments = `/api/v1/tasks/${task.unique_code}/comments`;
      // Every task has a comment with a reply and a like; the last one has twenty threads. The first and the last
      // task's threads open with an attached file, which the thread names (TaskCommentAttachment.file).
      for (let thread = 0; thread < (index === 29 ? 20 : 1); thread += 1) {
        const attachmentIds = index === 0 || index === 29 ? [await attachment(token)] : [];
        const first = await api.post(comments, { content: 'Looks good', attachmentIds }, { token });
        const reply = await api.post(
          comments,
          { content: 'Agreed', parentId: first.body.id },
          { token: colleague.token },
        );
        expect([first.status, reply.status]).toEqual([201, 201]);
        const liked = await api.post(
          `${comments}/toggle-like`,
          { commentId: first.body.id, type: 'like' },
          { token: colleague.token },
        );
        expect(liked.status).toBe(200);
      }
    }
    quietTask = codes[0]!;
    busyTask = codes[29]!;
  }, 240_000);
  afterAll(async () => counted?.close());

  /** One POST of the console's document: what the page sends for the view. */
  async function view<Data>(document: { toString(): string }, variables: Record<string, unknown>): Promise<Data> {
    const answer = await api.graphql(document.toString(), variables, { token });
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data as Data;
  }
  const statements = (work: () => Promise<unknown>) => counted.statementsOf(work);
  const report: Record<string, number> = {};

  it('the board and the list: 5 or 30 tasks with their people, comments and facets, the same statements', async () => {
    const board = async (limit: number) => {
      const data = await view<ProjectBoardQuery>(ProjectBoardDocument, { projectId: projectCode, limit, page: 1 });
      expect(data.projectTasks.data).toHaveLength(limit);
      expect(data.taskStatistics.total).toBe(30);
      expect(data.taskFilterOptions.tags).toEqual([{ value: 'site', label: 'site', count: 30 }]);
      for (const task of data.projectTasks.data) {
        expect(task.participants.map((participant) => participant.employee?.name)).toHaveLength(2);
        expect(task.comments.length).toBeGreaterThanOrEqual(2);
      }
    };
    await board(5);
    const five = await statements(() => board(5));
    const thirty = await statements(() => board(30));
    expect(thirty, thirty.join('\n')).toHaveLength(five.length);
    report.board = five.length;
  });

  it('a task: its thread, its files and history with 2 or 40 comments, the same statements', async () => {
    const task = async (code: string, comments: number) => {
      const data = await view<TaskViewQuery>(TaskViewDocument, { code, projectId: projectCode });
      expect(data.task.comments).toHaveLength(comments);
      expect(data.task.activities).toHaveLength(comments + 1);
      expect(data.task.comments.every((comment) => comment.actor.name)).toBe(true);
      const files = data.task.comments.flatMap((comment) => comment.attachments.map((attached) => attached.file?.name));
      expect(files).toEqual(Array(comments / 2).fill('plan.txt'));
    };
    await task(quietTask, 2);
    const quiet = await statements(() => task(quietTask, 2));
    const busy = await statements(() => task(busyTask, 40));
    expect(busy, busy.join('\n')).toHaveLength(quiet.length);
    report.task = quiet.length;
  });

  it("the caller's tasks across projects: 5 or 30 tasks, the same statements", async () => {
    const mine = async (limit: number) => {
      const data = await view<MyTaskListQuery>(MyTaskListDocument, { limit, page: 1 });
      expect(data.myTasks.data).toHaveLength(limit);
      expect(data.myTasks.meta.total).toBe(30);
      expect(data.myTasks.data.every((task) => task.department?.name)).toBe(true);
    };
    await mine(5);
    const five = await statements(() => mine(5));
    const thirty = await statements(() => mine(30));
    expect(thirty, thirty.join('\n')).toHaveLength(five.length);
    report.myTasks = five.length;
  });

  it('the projects list: 2 or 12 projects, the same statements', async () => {
    const list = async (limit: number) => {
      const data = await view<ProjectListQuery>(ProjectListDocument, {
        limit,
        page: 1,
        sortBy: 'name',
        sortOrder: 'asc',
      });
      expect(data.projects.data).toHaveLength(limit);
      expect(data.projects.data.every((project) => project.customer?.name)).toBe(true);
    };
    await list(2);
    const two = await statements(() => list(2));
    const twelve = await statements(() => list(12));
    expect(twelve, twelve.join('\n')).toHaveLength(two.length);
    report.projects = two.length;
    // The closing note of issue 26 quotes these counts.
    console.info(`SQL statements per view: ${JSON.stringify(report)}`);
  });
});
