import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, wsClient } from '../../../../test/notifications-kit.js';
import { createTestDatabase, newSharedResources, startTestServer, type TestServer } from '../../../../test/harness.js';
import { servicesMissing, testRedisUrl } from '../../../../test/services.js';
import { startStandaloneSubgraph, type StandaloneSubgraph } from '../../../../test/standalone-subgraph.js';
import { taskBoardOn } from '../../../../test/tasks-kit.js';
import { eventually } from '../../../../test/waiting.js';
import { createProjectsSubgraph } from '../app.js';

const permissions = ['tasks:write', 'tasks:read', 'projects:write', 'projects:read', 'comments:write'];
const reactionSubscription = `subscription ($projectId: String!) {
  taskCommentReactionChanged(projectId: $projectId) { taskId commentId likes dislikes }
}`;
type ReactionEvent = {
  data?: { taskCommentReactionChanged: Record<string, unknown> };
  errors?: { message: string; extensions?: Record<string, unknown> }[];
};

/**
 * Issue 26, live: another person's reaction reaches an open task view within a second, as the comment's counts
 * (each reader's own reaction stays theirs), in one process and with the projects subgraph apart.
 */
describe.skipIf(servicesMissing)('live reactions: taskCommentReactionChanged (issue 26)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let subgraph: StandaloneSubgraph;
  let single: TestServer;
  let distributed: TestServer;
  const prefixes = new Map<TestServer, string>();
  const redis = new Redis(testRedisUrl!);

  beforeAll(async () => {
    database = await createTestDatabase();
    const alone = newSharedResources(database.url);
    single = await startTestServer(alone, {});
    const apart = newSharedResources(database.url);
    subgraph = await startStandaloneSubgraph('projects', apart, createProjectsSubgraph);
    distributed = await startTestServer(apart, { SUBGRAPH_PROJECTS_URL: subgraph.url });
    prefixes.set(single, alone.redisKeyPrefix).set(distributed, apart.redisKeyPrefix);
  });
  afterAll(async () => {
    await redis.quit();
    await distributed?.close();
    await subgraph?.close();
    await single?.close();
    await database?.drop();
  });

  const subscribed = (server: TestServer, projectId: string) =>
    eventually(async () => {
      const channel = `${prefixes.get(server)!}task-reaction:${projectId}`;
      const [, count] = (await redis.pubsub('NUMSUB', channel)) as [string, number];
      return count > 0;
    });

  for (const layout of ['one process', 'projects apart'] as const) {
    it(`announces each reaction's counts to the project's readers within a second (${layout})`, async () => {
      const server = layout === 'one process' ? single : distributed;
      const board = await taskBoardOn(server.url, permissions);
      const { id: projectId, uniqueCode } = await board.project();
      const other = await board.project();
      const code = (await board.task(uniqueCode)).unique_code;
      const asWriter = { token: board.writer.token };
      const comment = await board.api.post(`/api/v1/tasks/${code}/comments`, { content: 'Ready?' }, asWriter);
      expect(comment.status).toBe(201);

      const readerSocket = wsClient(server.url, board.reader.token);
      const onProject = collect<ReactionEvent>(readerSocket, reactionSubscription, { projectId: uniqueCode });
      const onOther = collect<ReactionEvent>(readerSocket, reactionSubscription, { projectId: other.id });
      const nobodySocket = wsClient(server.url, board.nobody.token);
      const refused = collect<ReactionEvent>(nobodySocket, reactionSubscription, { projectId });
      await subscribed(server, projectId);
      await subscribed(server, other.id);

      const toggle = (type: string) =>
        board.api.post(`/api/v1/tasks/${code}/comments/toggle-like`, { commentId: comment.body.id, type }, asWriter);
      const started = Date.now();
      expect((await toggle('like')).status).toBe(200);
      await onProject.next(1, 1000);
      expect(Date.now() - started).toBeLessThan(1000);
      expect((await toggle('dislike')).status).toBe(200);
      await onProject.next(2, 1000);

      const taskId = comment.body.taskId as string;
      expect(onProject.events.map((event) => event.data?.taskCommentReactionChanged)).toEqual([
        { taskId, commentId: comment.body.id, likes: 1, dislikes: 0 },
        { taskId, commentId: comment.body.id, likes: 0, dislikes: 1 },
      ]);
      expect(onOther.events).toEqual([]);
      await refused.settled();
      expect(refused.events).toEqual([
        { errors: [expect.objectContaining({ extensions: expect.objectContaining({ code: 'FORBIDDEN' }) })] },
      ]);
      await Promise.all([readerSocket.dispose(), nobodySocket.dispose()]);
    });
  }
});
