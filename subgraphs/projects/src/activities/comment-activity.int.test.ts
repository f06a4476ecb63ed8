import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityChannels,
  activityFields,
  actorOf,
  deliveredWithin,
  watchProject,
} from '../../../../test/activity-feed-kit.js';
import { uploadFiles } from '../../../../test/files.js';
import { servicesMissing } from '../../../../test/services.js';
import { activityKeys, commentActivityKeys, startTaskBoard, type TaskBoard } from '../../../../test/tasks-kit.js';

const permissions = ['tasks:write', 'tasks:read', 'projects:write', 'projects:read', 'comments:write'];

type Entry = Record<string, any>;

/** The spec's Activity is either `comment` or `history`, never both (projects spec, Activity). */
const keysOf = (entry: Entry) => Object.keys(entry).sort();
const kindOf = (entry: Entry) => (entry.comment ? `comment:${entry.comment.id}` : `history:${entry.history.type}`);

describe.skipIf(servicesMissing)('a comment is an activity carrying the comment (issue 23, item 5)', () => {
  let board: TaskBoard;
  let channels: ReturnType<typeof activityChannels>;
  let colleague: Awaited<ReturnType<TaskBoard['kit']['employee']>>;
  let projectCode: string;
  let code: string;
  let taskId: string;
  let fileId: string;
  const live: Entry[] = [];
  const added: Record<'opening' | 'reply', Entry> = { opening: {}, reply: {} };

  beforeAll(async () => {
    board = await startTaskBoard(permissions);
    channels = activityChannels(board.server.shared.redisKeyPrefix);
    colleague = await board.kit.employee(['tasks:read', 'comments:write']);
    const project = await board.project();
    projectCode = project.uniqueCode;
    const watcher = watchProject(board.server.url, board.reader.token, project.id);
    await channels.subscribed(project.id);
    const delivered = async <T>(change: () => Promise<T>) => {
      const { answer, entry } = await deliveredWithin(watcher, change, 1000);
      live.push(entry);
      return answer;
    };

    const task = await delivered(() => board.task(projectCode));
    ({ unique_code: code, id: taskId } = task);
    const comments = `/api/v1/tasks/${code}/comments`;
    fileId = (await uploadFiles(board.server.url, board.writer.token, [{ name: 'a.txt', bytes: Buffer.from('a') }]))
      .body.id;
    const opening = await delivered(() =>
      board.api.post(comments, { content: 'Opening remark', attachmentIds: [fileId] }, { token: board.writer.token }),
    );
    added.opening = opening.body;
    const reply = await delivered(() =>
      board.api.post(comments, { content: 'A reply', parentId: opening.body.id }, { token: colleague.token }),
    );
    added.reply = reply.body;
    expect([opening.status, reply.status]).toEqual([201, 201]);
    const liked = await board.api.post(
      `${comments}/toggle-like`,
      { commentId: opening.body.id, type: 'like' },
      { token: colleague.token },
    );
    expect(liked.status).toBe(200);
    await delivered(() => board.api.patch(`/api/v1/tasks/${code}`, { name: 'Renamed' }, { token: board.writer.token }));
    const deleted = await delivered(() =>
      board.api.delete(`${comments}/${opening.body.id}`, { token: board.writer.token }),
    );
    expect(deleted.status).toBe(200);
    expect(watcher.feed.errors).toEqual([]);
    await watcher.dispose();
  });
  afterAll(async () => {
    await channels?.close();
    await board?.server.close();
  });

  /** The task's comments, oldest first, as `token`'s caller sees them in the comments list. */
  async function listed(token: string) {
    const answer = await board.api.get(`/api/v1/tasks/${code}/comments?sortOrder=asc`, { token });
    expect(answer.status).toBe(200);
    return answer.body.data as Entry[];
  }

  it('REST history: an added comment is an entry with `comment` as the comments list shows it, no `history`', async () => {
    const answer = await board.api.get(`/api/v1/tasks/${code}/activities`, { token: colleague.token });
    expect(answer.status).toBe(200);
    const entries = answer.body as Entry[];
    expect(entries.map(kindOf)).toEqual([
      'history:created',
      `comment:${added.opening.id}`,
      `comment:${added.reply.id}`,
      'history:updated',
      'history:comment_deleted',
    ]);
    const [opening, reply] = await listed(colleague.token);
    expect(opening).toMatchObject({ isDeleted: true, content: '', likes: 1, userReaction: 'like' });
    expect(opening!.attachments).toEqual([{ id: expect.any(String), fileId }]);
    expect(entries[1]!.comment).toEqual(opening);
    expect(entries[2]!.comment).toEqual(reply);
    expect(reply!.actor).toMatchObject({ id: String(colleague.user.id), name: colleague.employee.name });
    for (const entry of entries) {
      expect(entry.taskId).toBe(taskId);
      expect(keysOf(entry)).toEqual(entry.comment ? commentActivityKeys : activityKeys);
    }
    expect(entries[3]!.history).toMatchObject({ from: { name: 'Weld the main beam' }, to: { name: 'Renamed' } });
    expect(entries[4]!.history).toMatchObject({
      type: 'comment_deleted',
      actorId: String(board.writer.user.id),
      from: { commentId: added.opening.id, deletedAt: null },
      to: { commentId: added.opening.id, deletedAt: expect.any(String) },
    });
    expect(JSON.stringify(entries)).not.toContain('Opening remark');

    const asWriter = await board.api.get(`/api/v1/tasks/${code}/activities`, { token: board.writer.token });
    expect(asWriter.body[1].comment).toEqual((await listed(board.writer.token))[0]);
    expect(asWriter.body[1].comment.userReaction).toBe('');
  });

  it('the nested page shows the same entries, over REST and in the graph', async () => {
    const history = await board.api.get(`/api/v1/tasks/${code}/activities`, { token: colleague.token });
    const nested = await board.api.get(`/api/v1/tasks/nested?projectId=${projectCode}&includeActivities=true`, {
      token: colleague.token,
    });
    expect(nested.status).toBe(200);
    expect(nested.body.data[0].activities).toEqual(history.body);

    const graph = await board.api.graphql(
      `query ($p: String!) { nestedTasks(projectId: $p) { data { activities { ${activityFields} } } } }`,
      { p: projectCode },
      { token: colleague.token },
    );
    expect(graph.body.errors).toBeUndefined();
    const entries = graph.body.data.nestedTasks.data[0].activities as Entry[];
    expect(entries.map(kindOf)).toEqual(history.body.map(kindOf));
    expect(entries.map((entry) => [entry.comment === null, entry.history === null])).toEqual([
      [true, false],
      [false, true],
      [false, true],
      [true, false],
      [true, false],
    ]);
    expect(entries[1]!.comment).toMatchObject({ id: added.opening.id, isDeleted: true, content: '', likes: 1 });
    expect(entries[1]!.comment.actor).toEqual(actorOf(board.writer));
    expect(entries[2]!.comment.actor).toEqual(actorOf(colleague));
  });

  it('the graph: taskActivities shows an added comment with its author as a Person', async () => {
    const answer = await board.api.graphql(
      `query ($c: String!) { taskActivities(uniqueCode: $c) { ${activityFields} } }`,
      { c: code },
      { token: board.reader.token },
    );
    expect(answer.body.errors).toBeUndefined();
    const entries = answer.body.data.taskActivities as Entry[];
    expect(entries.map(kindOf)).toEqual([
      'history:created',
      `comment:${added.opening.id}`,
      `comment:${added.reply.id}`,
      'history:updated',
      'history:comment_deleted',
    ]);
    expect(entries[2]).toMatchObject({
      history: null,
      comment: {
        id: added.reply.id,
        taskId,
        parentId: added.opening.id,
        actorId: String(colleague.user.id),
        actor: actorOf(colleague),
        content: 'A reply',
        attachments: [],
        likes: 0,
        dislikes: 0,
        isDeleted: false,
        userReaction: '',
        createdAt: added.reply.createdAt,
      },
    });
  });

  it('taskActivityAdded: an added comment arrives as `comment` (its author resolved), changes as `history`', async () => {
    expect(live.map(kindOf)).toEqual([
      'history:created',
      `comment:${added.opening.id}`,
      `comment:${added.reply.id}`,
      'history:updated',
      'history:comment_deleted',
    ]);
    const { actor: _author, ...opening } = added.opening;
    expect(live[1]).toMatchObject({ taskId, history: null, comment: { ...opening, actor: actorOf(board.writer) } });
    expect(live[1]!.comment).toMatchObject({ content: 'Opening remark', isDeleted: false, likes: 0 });
    expect(live[2]!.comment.actor).toEqual(actorOf(colleague));
    expect(live[4]).toMatchObject({ comment: null, history: { type: 'comment_deleted' } });
  });
});
