import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFiles } from '../../../../test/files.js';
import { personKeys } from '../../../../test/projects-kit.js';
import { expectRefusedNamingField } from '../../../../test/refusals.js';
import { servicesMissing } from '../../../../test/services.js';
import {
  activityKeys,
  commentActivityKeys,
  commentKeys,
  historyKeys,
  startTaskBoard,
  taskKeys,
  type TaskBoard,
} from '../../../../test/tasks-kit.js';

const nested = '/api/v1/tasks/nested';

type GraphActivity = { comment: { id: string } | null; history: { type: string } | null };
const unknownId = '00000000-0000-4000-8000-000000000000';

interface NestedItem extends Record<string, unknown> {
  unique_code: string;
  comments?: Record<string, any>[];
  activities?: { comment?: Record<string, any>; history: Record<string, any> }[];
}

describe.skipIf(servicesMissing)('tasks with nested comments and activities (GET /api/v1/tasks/nested)', () => {
  let board: TaskBoard;
  let other: TaskBoard['reader'];
  let projectId: string;
  let projectCode: string;
  let first: { id: string; unique_code: string };
  let second: { id: string; unique_code: string };
  const comments: Record<string, { id: string }> = {};
  let fileId: string;

  beforeAll(async () => {
    board = await startTaskBoard(['tasks:write', 'tasks:read', 'projects:write', 'comments:write']);
    other = await board.kit.user(['tasks:read', 'comments:write', 'projects:write']);
    ({ id: projectId, uniqueCode: projectCode } = await board.project());
    first = await board.task(projectCode, { participantIds: [board.writer.employee.id] });
    second = await board.task(projectCode, { name: 'Paint the rails' });
    // The reply's author attaches a file they uploaded: an upload is its uploader's until attached (issue 31).
    const file = await uploadFiles(board.server.url, other.token, [{ name: 'a.txt', bytes: Buffer.from('a') }]);
    fileId = file.body.id;
    const add = async (name: string, body: Record<string, unknown>, token = board.writer.token) => {
      const added = await board.api.post(`/api/v1/tasks/${first.unique_code}/comments`, body, { token });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      comments[name] = added.body;
    };
    await add('opening', { content: 'Opening remark' });
    await add('reply', { content: 'A reply', parentId: comments.opening!.id, attachmentIds: [fileId] }, other.token);
    await add('withdrawn', { content: 'Withdrawn remark' });
    const react = (commentId: string, type: string, token: string) =>
      board.api.post(`/api/v1/tasks/${first.unique_code}/comments/toggle-like`, { commentId, type }, { token });
    expect((await react(comments.opening!.id, 'like', board.writer.token)).status).toBe(200);
    expect((await react(comments.opening!.id, 'dislike', other.token)).status).toBe(200);
    const deleted = await board.api.delete(`/api/v1/tasks/${first.unique_code}/comments/${comments.withdrawn!.id}`, {
      token: board.writer.token,
    });
    expect(deleted.status).toBe(200);
  });
  afterAll(async () => board?.server.close());

  const list = (query: string, token = board.writer.token) => board.api.get(`${nested}?${query}`, { token });
  const itemOf = (body: { data: NestedItem[] }, code: string) => body.data.find((item) => item.unique_code === code)!;

  it('answers { data, meta }: each item the Task shape plus every comment and activity, oldest first', async () => {
    const answer = await list(`projectId=${projectId}&includeComments=true&includeActivities=true`);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(['data', 'meta']);
    expect(answer.body.meta).toEqual({ page: 1, limit: 10, total: 2, totalPages: 1 });
    expect(answer.body.data.map((item: NestedItem) => item.unique_code)).toEqual([
      second.unique_code,
      first.unique_code,
    ]);
    for (const item of answer.body.data) {
      expect(Object.keys(item).sort()).toEqual([...taskKeys, 'activities', 'comments'].sort());
    }
    const item = itemOf(answer.body, first.unique_code);
    const single = await board.api.get(`/api/v1/tasks/${first.unique_code}`, { token: board.writer.token });
    expect({ ...item, comments: undefined, activities: undefined }).toEqual({
      ...single.body,
      comments: undefined,
      activities: undefined,
    });
    expect(item.participants).toEqual([expect.objectContaining({ employeeId: board.writer.employee.id })]);

    const [opening, reply, withdrawn] = item.comments!;
    expect(item.comments).toHaveLength(3);
    for (const comment of item.comments!) {
      expect(Object.keys(comment).sort()).toEqual(commentKeys);
      expect(Object.keys(comment.actor).sort()).toEqual(personKeys);
    }
    expect(opening).toMatchObject({
      id: comments.opening!.id,
      taskId: first.id,
      parentId: null,
      actorId: String(board.writer.user.id),
      actor: { id: String(board.writer.user.id), email: board.writer.user.email, name: board.writer.employee.name },
      content: 'Opening remark',
      attachments: [],
      likes: 1,
      dislikes: 1,
      isDeleted: false,
      userReaction: 'like',
    });
    expect(reply).toMatchObject({
      id: comments.reply!.id,
      parentId: comments.opening!.id,
      actorId: String(other.id),
      attachments: [{ id: expect.any(String), fileId }],
      userReaction: '',
    });
    expect(withdrawn).toMatchObject({ id: comments.withdrawn!.id, isDeleted: true, content: '' });

    const history = await board.api.get(`/api/v1/tasks/${first.unique_code}/activities`, { token: board.writer.token });
    expect(item.activities).toEqual(history.body);
    const [created, ...commented] = item.activities!;
    expect(created!.history.type).toBe('created');
    expect(commented.map((activity) => activity.comment ?? activity.history.type)).toEqual([
      opening,
      reply,
      withdrawn,
      'comment_deleted',
    ]);
    for (const activity of item.activities!) {
      expect(Object.keys(activity).sort()).toEqual(activity.comment ? commentActivityKeys : activityKeys);
      if (!activity.comment) expect(Object.keys(activity.history).sort()).toEqual(historyKeys);
    }
    expect(itemOf(answer.body, second.unique_code)).toMatchObject({ comments: [] });
    expect(itemOf(answer.body, second.unique_code).activities!.map((a) => a.history.type)).toEqual(['created']);
  });

  it("shows each caller their own reaction, and takes the project's uniqueCode", async () => {
    const theirs = await list(`projectId=${projectCode}&includeComments=true`, other.token);
    expect(theirs.status).toBe(200);
    const [opening, reply] = itemOf(theirs.body, first.unique_code).comments!;
    expect(opening).toMatchObject({ id: comments.opening!.id, likes: 1, dislikes: 1, userReaction: 'dislike' });
    expect(reply!.userReaction).toBe('');
    const readers = await list(`projectId=${projectCode}&includeComments=true`, board.reader.token);
    expect(itemOf(readers.body, first.unique_code).comments![0]!.userReaction).toBe('');
  });

  it('leaves out the keys not asked for: includeComments / includeActivities absent or false', async () => {
    const cases: [query: string, keys: string[]][] = [
      ['', []],
      ['&includeComments=false&includeActivities=false', []],
      ['&includeComments=true', ['comments']],
      ['&includeActivities=true&includeComments=false', ['activities']],
    ];
    for (const [query, extra] of cases) {
      const answer = await list(`projectId=${projectId}${query}`);
      expect(answer.status, query).toBe(200);
      for (const item of answer.body.data) {
        expect(Object.keys(item).sort(), query).toEqual([...taskKeys, ...extra].sort());
      }
    }
  });

  it('pages newest first with page and limit', async () => {
    const page = await list(`projectId=${projectId}&page=2&limit=1&includeActivities=true`);
    expect(page.body.meta).toEqual({ page: 2, limit: 1, total: 2, totalPages: 2 });
    expect(page.body.data.map((item: NestedItem) => item.unique_code)).toEqual([first.unique_code]);
    const beyond = await list(`projectId=${projectId}&page=3&limit=1`);
    expect(beyond.body).toEqual({ data: [], meta: { page: 3, limit: 1, total: 2, totalPages: 2 } });
    const { uniqueCode: empty } = await board.project();
    const none = await list(`projectId=${empty}&includeComments=true`);
    expect(none.body).toEqual({ data: [], meta: { page: 1, limit: 10, total: 0, totalPages: 0 } });
  });

  it('answers the same through the graph: nestedTasks with comments and activities on each task', async () => {
    const answer = await board.api.graphql(
      `query ($p: String!) { nestedTasks(projectId: $p, limit: 1, page: 2) {
        data { uniqueCode participants { employeeId } comments { id parentId content isDeleted likes dislikes
          userReaction attachments { fileId } actor { id email } }
          activities { taskId comment { id content isDeleted userReaction actor { id } } history { type actor { id } } } }
        meta { page limit total totalPages } } }`,
      { p: projectCode },
      { token: other.token },
    );
    expect(answer.body.errors).toBeUndefined();
    const { data, meta } = answer.body.data.nestedTasks;
    expect(meta).toEqual({ page: 2, limit: 1, total: 2, totalPages: 2 });
    expect(data[0].uniqueCode).toBe(first.unique_code);
    expect(data[0].participants).toEqual([{ employeeId: board.writer.employee.id }]);
    expect(data[0].comments).toEqual([
      {
        id: comments.opening!.id,
        parentId: null,
        content: 'Opening remark',
        isDeleted: false,
        likes: 1,
        dislikes: 1,
        userReaction: 'dislike',
        attachments: [],
        actor: { id: String(board.writer.user.id), email: board.writer.user.email },
      },
      expect.objectContaining({ id: comments.reply!.id, attachments: [{ fileId }], userReaction: '' }),
      expect.objectContaining({ id: comments.withdrawn!.id, content: '', isDeleted: true }),
    ]);
    expect(data[0].activities.map((entry: GraphActivity) => entry.history?.type ?? entry.comment?.id)).toEqual([
      'created',
      comments.opening!.id,
      comments.reply!.id,
      comments.withdrawn!.id,
      'comment_deleted',
    ]);
    expect(data[0].activities[0]).toEqual({
      taskId: first.id,
      comment: null,
      history: { type: 'created', actor: { id: String(board.writer.user.id) } },
    });
    expect(data[0].activities[1]).toEqual({
      taskId: first.id,
      comment: {
        id: comments.opening!.id,
        content: 'Opening remark',
        isDeleted: false,
        userReaction: 'dislike',
        actor: { id: String(board.writer.user.id) },
      },
      history: null,
    });
    expect(data[0].activities[3].comment).toMatchObject({ isDeleted: true, content: '' });
  });

  it('refuses each bad query field with 400 naming it', async () => {
    await expectRefusedNamingField(list, [
      ['includeComments=true', 'projectId'],
      ['projectId=&includeComments=true', 'projectId'],
      [`projectId=${projectId}&page=0`, 'page'],
      [`projectId=${projectId}&page=first`, 'page'],
      [`projectId=${projectId}&limit=0`, 'limit'],
      [`projectId=${projectId}&limit=101`, 'limit'],
      [`projectId=${projectId}&limit=1.5`, 'limit'],
      [`projectId=${projectId}&includeComments=yes`, 'includeComments'],
      [`projectId=${projectId}&includeComments=`, 'includeComments'],
      [`projectId=${projectId}&includeActivities=1`, 'includeActivities'],
      [`projectId=${projectId}&includeActivities=TRUE`, 'includeActivities'],
    ]);
  });

  it('answers 404 for an unknown or deleted project, 401 without a bearer, 403 without tasks:read', async () => {
    const { uniqueCode: doomed } = await board.project();
    expect((await board.api.delete(`/api/v1/projects/${doomed}`, { token: board.writer.token })).status).toBe(200);
    for (const project of [unknownId, 'PRJ-999999', doomed]) {
      const missing = await list(`projectId=${project}&includeComments=true`);
      expect(missing.status, project).toBe(404);
      expect(missing.body).toMatchObject({ message: 'Project not found', statusCode: 404 });
    }
    expect((await board.api.get(`${nested}?projectId=${projectId}`)).status).toBe(401);
    const forbidden = await list(`projectId=${projectId}`, board.nobody.token);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.statusCode).toBe(403);
  });
});
