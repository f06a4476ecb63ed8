import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFiles } from '../../../../test/files.js';
import { personKeys } from '../../../../test/projects-kit.js';
import { expectRefusedNamingField } from '../../../../test/refusals.js';
import { servicesMissing } from '../../../../test/services.js';
import { commentKeys, startTaskBoard, type TaskBoard } from '../../../../test/tasks-kit.js';

const isoMillis = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const unknownId = '00000000-0000-4000-8000-000000000000';

describe.skipIf(servicesMissing)('task comments over REST (projects spec, decisions.md paths)', () => {
  let server: TaskBoard['server'];
  let api: TaskBoard['api'];
  let kit: TaskBoard['kit'];
  let writer: TaskBoard['writer'];
  let other: TaskBoard['reader'];
  let reader: TaskBoard['reader'];
  let nobody: TaskBoard['nobody'];
  let newTask: TaskBoard['newTask'];

  beforeAll(async () => {
    ({ server, api, kit, writer, reader, nobody, newTask } = await startTaskBoard([
      'tasks:write',
      'tasks:read',
      'projects:write',
      'projects:read',
      'comments:write',
    ]));
    other = await kit.user(['tasks:read', 'comments:write']);
  });
  afterAll(async () => server?.close());

  const commentsOf = (code: string) => `/api/v1/tasks/${code}/comments`;
  async function comment(code: string, body: Record<string, unknown>, token = writer.token) {
    const added = await api.post(commentsOf(code), body, { token });
    if (added.status !== 201) throw new Error(`add comment: ${added.status} ${JSON.stringify(added.body)}`);
    return added.body as { id: string } & Record<string, unknown>;
  }

  it('adds a comment (201) with the spec shape field for field, and lists it with { data, meta }', async () => {
    const code = await newTask();
    const file = await uploadFiles(server.url, writer.token, [
      { name: 'photo.png', type: 'image/png', bytes: Buffer.from('not really a png') },
    ]);
    const parent = await comment(code, { content: 'First' });
    const added = await api.post(
      commentsOf(code),
      { content: 'A reply', parentId: parent.id, attachmentIds: [file.body.id], isDeleted: true, likes: 9 },
      { token: writer.token },
    );
    expect(added.status).toBe(201);
    expect(Object.keys(added.body).sort()).toEqual(commentKeys);
    const task = await api.get(`/api/v1/tasks/${code}`, { token: reader.token });
    expect(added.body).toMatchObject({
      taskId: task.body.id,
      parentId: parent.id,
      actorId: String(writer.user.id),
      content: 'A reply',
      likes: 0,
      dislikes: 0,
      isDeleted: false,
      userReaction: '',
    });
    expect(added.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(added.body.createdAt).toMatch(isoMillis);
    expect(added.body.attachments).toEqual([{ id: expect.any(String), fileId: file.body.id }]);
    expect(Object.keys(added.body.actor).sort()).toEqual(personKeys);
    expect(added.body.actor).toEqual({
      avatarFileId: writer.employee.avatarFileId ?? '',
      code: writer.employee.code,
      department: writer.department.name,
      email: writer.user.email,
      id: String(writer.user.id),
      name: writer.employee.name,
    });
    expect(parent.parentId).toBeNull();
    expect(parent.attachments).toEqual([]);

    const listed = await api.get(`${commentsOf(code)}?sortOrder=asc&limit=1&page=2`, { token: reader.token });
    expect(listed.status).toBe(200);
    expect(Object.keys(listed.body).sort()).toEqual(['data', 'meta']);
    expect(listed.body.meta).toEqual({ limit: 1, page: 2, total: 2, totalPages: 2 });
    expect(listed.body.data).toEqual([added.body]);
    const newest = await api.get(commentsOf(code), { token: reader.token });
    expect(newest.body.data.map((item: { id: string }) => item.id)).toEqual([added.body.id, parent.id]);

    const history = await api.get(`/api/v1/tasks/${code}/activities`, { token: reader.token });
    expect(history.body.at(-1)).toEqual({
      id: expect.any(String),
      taskId: task.body.id,
      createdAt: expect.stringMatching(isoMillis),
      updatedAt: expect.stringMatching(isoMillis),
      comment: added.body,
    });
  });

  it('refuses bad bodies and parameters with 400 naming the field, and writes nothing', async () => {
    const code = await newTask();
    const first = await comment(code, { content: 'Kept' });
    const elsewhere = await comment(await newTask(), { content: 'Another task' });
    for (const [payload, field] of [
      [{}, 'content'],
      [{ content: 42 }, 'content'],
      [{ content: '   ' }, 'content'],
      [{ content: 'x', parentId: 'nope' }, 'parentId'],
      [{ content: 'x', parentId: unknownId }, 'parentId'],
      [{ content: 'x', parentId: elsewhere.id }, 'parentId'],
      [{ content: 'x', attachmentIds: 'a' }, 'attachmentIds'],
      [{ content: 'x', attachmentIds: [unknownId] }, 'attachmentIds'],
    ] as const) {
      const refused = await api.post(commentsOf(code), payload, { token: writer.token });
      expect(refused.status, JSON.stringify(payload)).toBe(400);
      expect(refused.body.message, JSON.stringify(payload)).toContain(field);
    }
    for (const [payload, field] of [
      [{ type: 'like' }, 'commentId'],
      [{ commentId: first.id }, 'type'],
      [{ commentId: first.id, type: 'love' }, 'type'],
      [{ commentId: unknownId, type: 'like' }, 'commentId'],
      [{ commentId: elsewhere.id, type: 'like' }, 'commentId'],
    ] as const) {
      const refused = await api.post(`${commentsOf(code)}/toggle-like`, payload, { token: writer.token });
      expect(refused.status, JSON.stringify(payload)).toBe(400);
      expect(refused.body.message, JSON.stringify(payload)).toContain(field);
    }
    await expectRefusedNamingField(
      (query) => api.get(`${commentsOf(code)}?${query}`, { token: reader.token }),
      [
        ['limit=101', 'limit'],
        ['page=0', 'page'],
        ['sortBy=content', 'sortBy'],
        ['sortOrder=up', 'sortOrder'],
      ],
    );
    const listed = await api.get(commentsOf(code), { token: reader.token });
    expect(listed.body.data.map((item: { id: string }) => item.id)).toEqual([first.id]);
    expect(listed.body.data[0]).toMatchObject({ likes: 0, dislikes: 0 });
  });

  it('answers 401 without a bearer, 403 without the permission, 404 for an unknown task or comment', async () => {
    const code = await newTask();
    const { id } = await comment(code, { content: 'Hello' });
    const paths: [string, string, string, unknown?][] = [
      ['GET', commentsOf(code), 'read'],
      ['POST', commentsOf(code), 'write', { content: 'x' }],
      ['POST', `${commentsOf(code)}/toggle-like`, 'write', { commentId: id, type: 'like' }],
      ['DELETE', `${commentsOf(code)}/${id}`, 'write'],
    ];
    for (const [method, path, need, payload] of paths) {
      expect((await api.request(method, path, payload)).status, `${method} ${path}`).toBe(401);
      const forbidden = await api.request(method, path, payload, { token: nobody.token });
      expect(forbidden.status, `${method} ${path}`).toBe(403);
      expect(forbidden.body.statusCode).toBe(403);
      if (need === 'write') {
        expect((await api.request(method, path, payload, { token: reader.token })).status, path).toBe(403);
      }
    }
    for (const [method, path, payload, message] of [
      ['GET', commentsOf('PRJ-0-T1'), undefined, 'Task not found'],
      ['POST', commentsOf('PRJ-0-T1'), { content: 'x' }, 'Task not found'],
      ['POST', `${commentsOf('PRJ-0-T1')}/toggle-like`, { commentId: id, type: 'like' }, 'Task not found'],
      ['DELETE', `${commentsOf('PRJ-0-T1')}/${id}`, undefined, 'Task not found'],
      ['DELETE', `${commentsOf(code)}/${unknownId}`, undefined, 'Comment not found'],
      ['DELETE', `${commentsOf(code)}/not-a-uuid`, undefined, 'Comment not found'],
    ] as const) {
      const answer = await api.request(method, path, payload, { token: writer.token });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body).toEqual({ message, statusCode: 404 });
    }
  });

  it('toggles reactions: like again removes it, like then dislike switches; counts every user once', async () => {
    const code = await newTask();
    const { id } = await comment(code, { content: 'React to me' });
    const toggle = (type: string, token = writer.token) =>
      api.post(`${commentsOf(code)}/toggle-like`, { commentId: id, type }, { token });

    const liked = await toggle('like');
    expect(liked.status).toBe(200);
    expect(liked.body).toEqual({ commentId: id, likes: 1, dislikes: 0, userReaction: 'like' });
    expect((await toggle('like', other.token)).body).toEqual({
      commentId: id,
      likes: 2,
      dislikes: 0,
      userReaction: 'like',
    });
    expect((await toggle('like')).body).toEqual({ commentId: id, likes: 1, dislikes: 0, userReaction: '' });
    expect((await toggle('like')).body).toEqual({ commentId: id, likes: 2, dislikes: 0, userReaction: 'like' });
    expect((await toggle('dislike')).body).toEqual({ commentId: id, likes: 1, dislikes: 1, userReaction: 'dislike' });

    const asWriter = await api.get(commentsOf(code), { token: writer.token });
    expect(asWriter.body.data[0]).toMatchObject({ likes: 1, dislikes: 1, userReaction: 'dislike' });
    const asReader = await api.get(commentsOf(code), { token: reader.token });
    expect(asReader.body.data[0]).toMatchObject({ likes: 1, dislikes: 1, userReaction: '' });

    // Concurrent toggles by different users are all counted: one row per (comment, user).
    const many = await Promise.all(Array.from({ length: 6 }, () => kit.user(['comments:write', 'tasks:read'])));
    await Promise.all(many.map((user) => toggle('dislike', user.token)));
    const counted = await api.get(commentsOf(code), { token: reader.token });
    expect(counted.body.data[0]).toMatchObject({ likes: 1, dislikes: 7 });
  });

  it('deletes softly by its author or an admin (another user 403); listed as deleted, its reply stays', async () => {
    const code = await newTask();
    const parent = await comment(code, { content: 'Secret words' });
    const reply = await comment(code, { content: 'A reply', parentId: parent.id }, other.token);
    const path = `${commentsOf(code)}/${parent.id}`;

    const refused = await api.delete(path, { token: other.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Only the author can delete a comment', statusCode: 403 });

    const deleted = await api.delete(path, { token: writer.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Comment deleted' });
    expect((await api.delete(path, { token: writer.token })).status).toBe(404);

    const listed = await api.get(`${commentsOf(code)}?sortOrder=asc`, { token: reader.token });
    expect(listed.body.meta.total).toBe(2);
    expect(listed.body.data[0]).toMatchObject({ id: parent.id, isDeleted: true, content: '' });
    expect(Object.keys(listed.body.data[0]).sort()).toEqual(commentKeys);
    expect(listed.body.data[1]).toMatchObject({
      id: reply.id,
      parentId: parent.id,
      isDeleted: false,
      content: 'A reply',
    });
    const reacting = await api.post(
      `${commentsOf(code)}/toggle-like`,
      { commentId: parent.id, type: 'like' },
      {
        token: writer.token,
      },
    );
    expect(reacting.status).toBe(400);

    const history = await api.get(`/api/v1/tasks/${code}/activities`, { token: reader.token });
    expect(history.body.at(-1).history).toMatchObject({
      type: 'comment_deleted',
      actorId: String(writer.user.id),
      from: { commentId: parent.id, deletedAt: null },
      to: { commentId: parent.id, deletedAt: expect.stringMatching(isoMillis) },
    });

    const byAdmin = await api.delete(`${commentsOf(code)}/${reply.id}`, { token: kit.adminToken });
    expect(byAdmin.status).toBe(200);
  });
});
