import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadFile, uploadFiles } from '../../../../test/files.js';
import { servicesMissing } from '../../../../test/services.js';
import { startTaskBoard, type TaskBoard } from '../../../../test/tasks-kit.js';

/** Issue 31, item 12: an upload is its uploader's until attached; then its record's readers read it too. */
describe.skipIf(servicesMissing)('files belong to someone', () => {
  let board: TaskBoard;
  /** Reads projects and tasks, comments; uploads nothing of its own here. */
  let colleague: Awaited<ReturnType<TaskBoard['kit']['user']>>;
  let projectReader: Awaited<ReturnType<TaskBoard['kit']['user']>>;
  let taskReader: Awaited<ReturnType<TaskBoard['kit']['user']>>;

  beforeAll(async () => {
    board = await startTaskBoard(['projects:read', 'projects:write', 'tasks:read', 'tasks:write', 'comments:write']);
    colleague = await board.kit.user(['projects:read', 'tasks:read', 'comments:write']);
    projectReader = await board.kit.user(['projects:read']);
    taskReader = await board.kit.user(['tasks:read']);
  });
  afterAll(async () => board?.server.close());

  async function upload(token = board.writer.token) {
    const uploaded = await uploadFiles(board.server.url, token, [
      { name: 'plan.txt', type: 'text/plain', bytes: Buffer.from(`plan ${randomUUID()}`) },
    ]);
    expect(uploaded.status).toBe(201);
    return uploaded.body.id as string;
  }
  const download = (token: string, id: string) => downloadFile(board.server.url, token, id);
  const fileQuery = (token: string, id: string) =>
    board.api.graphql('query ($id: ID!) { file(id: $id) { id name } }', { id }, { token });

  it('serves an unattached upload to its uploader only, privately', async () => {
    const id = await upload();
    const own = await download(board.writer.token, id);
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private');
    expect((await download(colleague.token, id)).status).toBe(404);
    expect((await fileQuery(colleague.token, id)).body.errors![0]!.extensions!.code).toBe('FILE_NOT_FOUND');
    expect((await fileQuery(board.writer.token, id)).body.data.file.id).toBe(id);
  });

  it("refuses attaching another user's upload to a comment, a task or a project, writing nothing", async () => {
    const id = await upload();
    const code = await board.newTask();
    const comment = await board.api.post(
      `/api/v1/tasks/${code}/comments`,
      { content: 'Mine now', attachmentIds: [id] },
      { token: colleague.token },
    );
    expect(comment.status).toBe(400);
    expect(comment.body.message).toBe('attachmentIds: file not found');
    const comments = await board.api.get(`/api/v1/tasks/${code}/comments`, { token: colleague.token });
    expect(comments.body.meta.total).toBe(0);

    const thief = await board.kit.employee(['projects:read', 'projects:write', 'tasks:write']);
    const project = await board.api.post(
      '/api/v1/projects',
      board.kit.projectBody(board.customerId, { documentFileIds: [id] }),
      { token: thief.token },
    );
    expect(project.status).toBe(400);
    expect(project.body.message).toBe('documentFileIds: file not found');
    const projectCode = (await board.project()).uniqueCode;
    const task = await board.api.post(
      '/api/v1/tasks',
      { ...board.body(projectCode), fileId: id },
      { token: thief.token },
    );
    expect(task.status).toBe(400);
    expect(task.body.message).toMatch(/^fileId: /);
  });

  it("serves a project's document to readers of projects, not to readers of tasks alone", async () => {
    const id = await upload();
    await board.project({ documentFileIds: [id] });
    expect((await download(projectReader.token, id)).status).toBe(200);
    expect((await download(taskReader.token, id)).status).toBe(404);
    // Attaching needs only to read the file: a reader of the project may attach its document elsewhere.
    const code = await board.newTask();
    const comment = await board.api.post(
      `/api/v1/tasks/${code}/comments`,
      { content: 'See the plan', attachmentIds: [id] },
      { token: colleague.token },
    );
    expect(comment.status).toBe(201);
  });

  it("serves a comment's attachment to readers of tasks, not to readers of projects alone", async () => {
    const id = await upload();
    const code = await board.newTask();
    const comment = await board.api.post(
      `/api/v1/tasks/${code}/comments`,
      { content: 'Attached', attachmentIds: [id] },
      { token: board.writer.token },
    );
    expect(comment.status).toBe(201);
    expect((await download(taskReader.token, id)).status).toBe(200);
    expect((await download(projectReader.token, id)).status).toBe(404);
  });

  it("names a comment's attachment in the thread to its readers, and no more once the comment is deleted", async () => {
    const id = await upload();
    const code = await board.newTask();
    const comment = await board.api.post(
      `/api/v1/tasks/${code}/comments`,
      { content: 'The plan', attachmentIds: [id] },
      { token: board.writer.token },
    );
    expect(comment.status).toBe(201);
    const thread = async () => {
      const answer = await board.api.graphql(
        'query ($code: String!) { task(uniqueCode: $code) { comments { attachments { fileId file { id name path } } } } }',
        { code },
        { token: taskReader.token },
      );
      expect(answer.body.errors).toBeUndefined();
      return answer.body.data.task.comments[0].attachments;
    };
    expect(await thread()).toEqual([{ fileId: id, file: { id, name: 'plan.txt', path: `/api/v1/files/${id}` } }]);
    const deleted = await board.api.delete(`/api/v1/tasks/${code}/comments/${comment.body.id}`, {
      token: board.writer.token,
    });
    expect(deleted.status).toBe(200);
    expect(await thread()).toEqual([{ fileId: id, file: null }]);
  });

  it('refuses comments:write without tasks:read alike for a task that exists and one that does not', async () => {
    const writerOnly = await board.kit.user(['comments:write']);
    const code = await board.newTask();
    for (const target of [code, `${code}9999`]) {
      const refused = await board.api.post(
        `/api/v1/tasks/${target}/comments`,
        { content: 'Blind' },
        { token: writerOnly.token },
      );
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: 'Insufficient permissions', statusCode: 403 });
    }
    const graph = await board.api.graphql(
      'mutation ($c: String!) { addTaskComment(uniqueCode: $c, input: { content: "Blind" }) { id } }',
      { c: code },
      { token: writerOnly.token },
    );
    expect(graph.body.errors![0]!.extensions!.code).toBe('FORBIDDEN');
    const comments = await board.api.get(`/api/v1/tasks/${code}/comments`, { token: colleague.token });
    expect(comments.body.meta.total).toBe(0);
  });
});
