import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityChannels,
  activityFields,
  actorOf,
  deliveredWithin,
  watchProject,
} from '../../../../test/activity-feed-kit.js';
import { servicesMissing } from '../../../../test/services.js';
import { startTaskBoard, type TaskBoard } from '../../../../test/tasks-kit.js';

const permissions = ['tasks:write', 'tasks:read', 'projects:write', 'projects:read', 'comments:write'];

describe.skipIf(servicesMissing)('live task activity: taskActivityAdded over the gateway graphql-ws (issue 11)', () => {
  let board: TaskBoard;
  let channels: ReturnType<typeof activityChannels>;

  beforeAll(async () => {
    board = await startTaskBoard(permissions);
    channels = activityChannels(board.server.shared.redisKeyPrefix);
  });
  afterAll(async () => {
    await channels?.close();
    await board?.server.close();
  });

  it("delivers each change of the project's tasks within one second, equal to its history entry, with the actor", async () => {
    const { api, writer, reader } = board;
    const asWriter = { token: writer.token };
    const { id: projectId, uniqueCode } = await board.project();
    const watcher = watchProject(board.server.url, reader.token, uniqueCode);
    await channels.subscribed(projectId);
    const delivered = <T>(change: () => Promise<T>) => deliveredWithin(watcher, change, 1000);

    const created = await delivered(() => board.task(uniqueCode));
    const code = created.answer.unique_code;
    const updated = await delivered(() => api.patch(`/api/v1/tasks/${code}`, { name: 'Weld both beams' }, asWriter));
    const moved = await delivered(() => api.put(`/api/v1/tasks/${code}/status`, { status: 'doing' }, asWriter));
    const commented = await delivered(() => api.post(`/api/v1/tasks/${code}/comments`, { content: 'On it' }, asWriter));
    const commentId = commented.answer.body.id as string;
    const history = await api.graphql(
      `query ($code: String!) { taskActivities(uniqueCode: $code) { ${activityFields} } }`,
      { code },
      { token: reader.token },
    );
    const uncommented = await delivered(() => api.delete(`/api/v1/tasks/${code}/comments/${commentId}`, asWriter));
    const deleted = await delivered(() => api.delete(`/api/v1/tasks/${code}`, asWriter));

    const live = [created, updated, moved, commented].map(({ entry }) => entry);
    expect(history.body.data.taskActivities).toEqual(live);
    const { actor: _author, ...comment } = commented.answer.body;
    expect(commented.entry).toMatchObject({ history: null, comment: { ...comment, actor: actorOf(writer) } });
    const changes = [created, updated, moved, uncommented, deleted].map(({ entry }) => entry);
    expect(changes.map((entry) => entry.history.type)).toEqual([
      'created',
      'updated',
      'status_changed',
      'comment_deleted',
      'deleted',
    ]);
    expect(changes.map((entry) => [entry.history.from, entry.history.to]).slice(1)).toEqual([
      [{ name: 'Weld the main beam' }, { name: 'Weld both beams' }],
      [{ status: 'todo' }, { status: 'doing' }],
      [
        { commentId, deletedAt: null },
        { commentId, deletedAt: expect.any(String) },
      ],
      [{ deletedAt: null }, { deletedAt: expect.any(String) }],
    ]);
    expect(created.entry.history.to).toMatchObject({ name: 'Weld the main beam', status: 'todo', priority: 'high' });
    for (const entry of [...changes, commented.entry]) expect(entry.taskId).toBe(created.answer.id);
    for (const entry of changes) {
      expect(entry.comment).toBeNull();
      expect(entry.history).toMatchObject({
        id: entry.id,
        actorId: String(writer.user.id),
        actor: actorOf(writer),
      });
    }
    expect(watcher.feed.errors).toEqual([]);
    await watcher.dispose();
  });

  it('refuses a caller without tasks:read (FORBIDDEN) and an unknown or deleted project (NOT_FOUND); they receive nothing', async () => {
    const { id: projectId, uniqueCode } = await board.project();
    const deletedProject = await board.project();
    expect(
      (await board.api.delete(`/api/v1/projects/${deletedProject.uniqueCode}`, { token: board.writer.token })).status,
    ).toBe(200);
    const reader = watchProject(board.server.url, board.reader.token, projectId);
    await channels.subscribed(projectId);
    const refused = [
      watchProject(board.server.url, board.nobody.token, projectId),
      watchProject(board.server.url, board.reader.token, 'PRJ-999999'),
      watchProject(board.server.url, board.reader.token, deletedProject.uniqueCode),
    ];
    for (const { feed } of refused) await feed.settled();

    await board.task(uniqueCode);
    await reader.feed.next(1, 1000);
    expect(refused.map(({ feed }) => feed.events)).toEqual([
      [
        {
          errors: [
            expect.objectContaining({
              message: 'Insufficient permissions',
              extensions: expect.objectContaining({ code: 'FORBIDDEN' }),
            }),
          ],
        },
      ],
      [
        {
          errors: [
            expect.objectContaining({
              message: 'Project not found',
              extensions: expect.objectContaining({ code: 'NOT_FOUND' }),
            }),
          ],
        },
      ],
      [
        {
          errors: [
            expect.objectContaining({
              message: 'Project not found',
              extensions: expect.objectContaining({ code: 'NOT_FOUND' }),
            }),
          ],
        },
      ],
    ]);
    expect(refused.every(({ feed }) => feed.completed)).toBe(true);
    await Promise.all([reader, ...refused].map((watcher) => watcher.dispose()));
  });

  it("a subscriber to one project receives nothing of another's; admin implies tasks:read", async () => {
    const first = await board.project();
    const second = await board.project();
    const onFirst = watchProject(board.server.url, board.reader.token, first.id);
    const onSecond = watchProject(board.server.url, board.kit.adminToken, second.uniqueCode);
    await channels.subscribed(first.id);
    await channels.subscribed(second.id);

    // The second project's entry is published first: had it reached the first project's subscriber, it
    // would have arrived before that project's own entry (one publishing connection, delivered in order).
    const inSecond = await board.task(second.uniqueCode);
    const inFirst = await board.task(first.uniqueCode);
    await Promise.all([onFirst.feed.next(1, 1000), onSecond.feed.next(1, 1000)]);
    expect(onFirst.feed.events.map((event) => event.data?.taskActivityAdded.taskId)).toEqual([inFirst.id]);
    expect(onSecond.feed.events.map((event) => event.data?.taskActivityAdded.taskId)).toEqual([inSecond.id]);
    await Promise.all([onFirst.dispose(), onSecond.dispose()]);
  });
});
