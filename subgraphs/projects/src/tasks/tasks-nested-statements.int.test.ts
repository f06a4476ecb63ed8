import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../../test/client.js';
import { uploadFiles } from '../../../../test/files.js';
import type { TestServer } from '../../../../test/harness.js';
import { projectsTestKit } from '../../../../test/projects-kit.js';
import { servicesMissing } from '../../../../test/services.js';
import { startCountedServer } from '../../../../test/counted-server.js';
import { createTask, taskBody } from '../../../../test/tasks-kit.js';

const person = 'id name email code department avatarFileId';
const everyNestedField = `query ($p: String!, $limit: Int!) { nestedTasks(projectId: $p, limit: $limit) {
  data { id uniqueCode department { id code name } participants { id employeeId employee { name email } }
    comments { id parentId actor { ${person} } content attachments { id fileId } likes dislikes userReaction }
    activities { id comment { id actor { ${person} } content likes userReaction }
      history { type actor { ${person} } from to } } }
  meta { total } } }`;

type Activity = { history: { type: string } | null; comment: { id: string } | null };

/** The notification worker polls its job queue on its own schedule; those statements are not the request's. */
describe.skipIf(servicesMissing)('a nested page of tasks costs the same SQL statements at any size', () => {
  let counted: Awaited<ReturnType<typeof startCountedServer>>;
  let server: TestServer;
  let api: HttpClient;
  let token: string;
  let projectCode: string;

  beforeAll(async () => {
    counted = await startCountedServer();
    ({ server, api } = counted);
    const kit = await projectsTestKit(api);
    const writer = await kit.employee(['projects:write', 'tasks:write', 'tasks:read', 'comments:write']);
    const colleague = await kit.employee(['tasks:read', 'comments:write']);
    const file = await uploadFiles(server.url, writer.token, [{ name: 'a.txt', bytes: Buffer.from('a') }]);
    const project = await api.post('/api/v1/projects', kit.projectBody((await kit.customer()).id), {
      token: writer.token,
    });
    projectCode = project.body.uniqueCode;
    const participantIds = [writer.employee.id, colleague.employee.id];
    for (let index = 0; index < 50; index += 1) {
      const task = await createTask(api, writer.token, taskBody(projectCode, writer.department.id, { participantIds }));
      const comments = `/api/v1/tasks/${task.unique_code}/comments`;
      const first = await api.post(
        comments,
        { content: 'Looks good', attachmentIds: [file.body.id] },
        { token: writer.token },
      );
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
    token = writer.token;
  }, 180_000);
  afterAll(async () => counted?.close());

  const pageOf = async (limit: number) => {
    const answer = await api.graphql(everyNestedField, { p: projectCode, limit }, { token });
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.nestedTasks.data).toHaveLength(limit);
    for (const task of answer.body.data.nestedTasks.data) {
      expect(task.department.name).toBeTruthy();
      expect(task.participants.map((p: { employee: { name: string } }) => p.employee.name)).toHaveLength(2);
      expect(task.comments).toHaveLength(2);
      expect(task.comments[0]).toMatchObject({ likes: 1, attachments: [{ fileId: expect.any(String) }] });
      expect(task.comments[1].actor.name).toBeTruthy();
      expect(task.activities.map((entry: Activity) => entry.history?.type ?? entry.comment?.id)).toEqual([
        'created',
        task.comments[0].id,
        task.comments[1].id,
      ]);
      expect(task.activities[1].comment).toMatchObject({ likes: 1, actor: { name: expect.any(String) } });
    }
  };

  it('through the graph and over REST, 5 and 50 tasks with comments, activities and their people', async () => {
    await pageOf(5);
    const five = await counted.statementsOf(() => pageOf(5));
    const fifty = await counted.statementsOf(() => pageOf(50));
    expect(fifty, fifty.join('\n')).toHaveLength(five.length);
    // The page (project, count, tasks and participants in one), comments (with reactions and attachments),
    // activities; in the auth subgraph departments, employees, and users (comment and activity actors at once).
    expect(five.length, five.join('\n')).toBeLessThanOrEqual(6);

    const rest = async (limit: number) => {
      const answer = await api.get(
        `/api/v1/tasks/nested?projectId=${projectCode}&limit=${limit}&includeComments=true&includeActivities=true`,
        { token },
      );
      expect(answer.body.data).toHaveLength(limit);
    };
    const restFive = await counted.statementsOf(() => rest(5));
    const restFifty = await counted.statementsOf(() => rest(50));
    expect(restFifty, restFifty.join('\n')).toHaveLength(restFive.length);
    expect(restFive).toHaveLength(five.length);
  });

  it('activities alone: their added comments are read in one statement for the page, not one per entry', async () => {
    const activitiesOnly = async (limit: number) => {
      const answer = await api.get(
        `/api/v1/tasks/nested?projectId=${projectCode}&limit=${limit}&includeActivities=true`,
        { token },
      );
      expect(answer.body.data).toHaveLength(limit);
      for (const task of answer.body.data) expect(task.activities[2].comment.content).toBe('Agreed');
    };
    const five = await counted.statementsOf(() => activitiesOnly(5));
    const fifty = await counted.statementsOf(() => activitiesOnly(50));
    expect(fifty, fifty.join('\n')).toHaveLength(five.length);
    expect(five.length, five.join('\n')).toBeLessThanOrEqual(6);
  });
});
