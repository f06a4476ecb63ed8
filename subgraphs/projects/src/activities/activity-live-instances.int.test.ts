import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityChannels, actorOf, deliveredWithin, watchProject } from '../../../../test/activity-feed-kit.js';
import {
  createTestDatabase,
  newSharedResources,
  startTestServer,
  type SharedResources,
  type TestServer,
} from '../../../../test/harness.js';
import { servicesMissing } from '../../../../test/services.js';
import { startStandaloneSubgraph, type StandaloneSubgraph } from '../../../../test/standalone-subgraph.js';
import { taskBoardOn } from '../../../../test/tasks-kit.js';
import { createProjectsSubgraph } from '../app.js';

const permissions = ['tasks:write', 'tasks:read', 'projects:write', 'projects:read', 'comments:write'];

/** Processes of one test sharing a database and a Redis prefix, closed in reverse order after it. */
function sharedProcesses() {
  const stops: (() => Promise<void>)[] = [];
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  const processes = {
    shared: undefined as unknown as SharedResources,
    channels: undefined as unknown as ReturnType<typeof activityChannels>,
    async start<T extends { close(): Promise<void> }>(process: Promise<T>): Promise<T> {
      const running = await process;
      stops.push(() => running.close());
      return running;
    },
  };
  beforeAll(async () => {
    database = await createTestDatabase();
    processes.shared = newSharedResources(database.url);
    processes.channels = activityChannels(processes.shared.redisKeyPrefix);
  });
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
    await processes.channels?.close();
    await database?.drop();
  });
  return processes;
}

describe.skipIf(servicesMissing)('live task activity: two instances sharing PostgreSQL and Redis', () => {
  const processes = sharedProcesses();
  let first: TestServer;
  let board: Awaited<ReturnType<typeof taskBoardOn>>;

  beforeAll(async () => {
    first = await processes.start(startTestServer(processes.shared));
    const second = await processes.start(startTestServer(processes.shared));
    board = await taskBoardOn(second.url, permissions);
  });

  it('a subscriber on one instance receives, within one second, the entry of a change made on the other', async () => {
    const { id: projectId, uniqueCode } = await board.project();
    const watcher = watchProject(first.url, board.reader.token, uniqueCode);
    await processes.channels.subscribed(projectId);

    const { answer, entry } = await deliveredWithin(watcher, () => board.task(uniqueCode));
    expect(entry).toMatchObject({
      taskId: answer.id,
      history: { type: 'created', actorId: String(board.writer.user.id), actor: actorOf(board.writer) },
    });
    await watcher.dispose();
  });
});

describe.skipIf(servicesMissing)('live task activity: distributed layout, the projects subgraph alone', () => {
  const processes = sharedProcesses();
  let gateway: TestServer;
  let board: Awaited<ReturnType<typeof taskBoardOn>>;

  beforeAll(async () => {
    const subgraph: StandaloneSubgraph = await processes.start(
      startStandaloneSubgraph('projects', processes.shared, createProjectsSubgraph),
    );
    gateway = await processes.start(startTestServer(processes.shared, { SUBGRAPH_PROJECTS_URL: subgraph.url }));
    board = await taskBoardOn(gateway.url, permissions);
  });

  it('delivers the entry through the remote subgraph within one second; a caller without tasks:read is refused', async () => {
    expect(gateway.system.subgraphs.map(({ name }) => name)).not.toContain('projects');
    const { id: projectId, uniqueCode } = await board.project();
    const watcher = watchProject(gateway.url, board.reader.token, projectId);
    await processes.channels.subscribed(projectId);
    const refused = watchProject(gateway.url, board.nobody.token, projectId);
    await refused.feed.settled();

    const { answer, entry } = await deliveredWithin(watcher, () => board.task(uniqueCode));
    expect(entry).toMatchObject({
      taskId: answer.id,
      history: { type: 'created', actorId: String(board.writer.user.id), actor: actorOf(board.writer) },
    });
    expect(refused.feed.events).toEqual([
      { errors: [expect.objectContaining({ extensions: expect.objectContaining({ code: 'FORBIDDEN' }) })] },
    ]);
    await Promise.all([watcher.dispose(), refused.dispose()]);
  });

  it("an added comment arrives as the entry's `comment`, its author resolved, and the history shows it so", async () => {
    const { id: projectId, uniqueCode } = await board.project();
    const code = (await board.task(uniqueCode)).unique_code;
    const watcher = watchProject(gateway.url, board.reader.token, projectId);
    await processes.channels.subscribed(projectId);
    const comments = `/api/v1/tasks/${code}/comments`;
    const asWriter = { token: board.writer.token };

    const { answer, entry } = await deliveredWithin(watcher, () =>
      board.api.post(comments, { content: 'On it' }, asWriter),
    );
    const { actor: _author, ...comment } = answer.body;
    expect(entry).toMatchObject({ history: null, comment: { ...comment, actor: actorOf(board.writer) } });
    expect((await board.api.delete(`${comments}/${comment.id}`, asWriter)).status).toBe(200);
    const history = await board.api.get(`/api/v1/tasks/${code}/activities`, { token: board.reader.token });
    expect(history.body.map((item: { comment?: object }) => item.comment)).toEqual([
      undefined,
      { ...answer.body, content: '', isDeleted: true },
      undefined,
    ]);
    await watcher.dispose();
  });
});
