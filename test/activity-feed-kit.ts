import type { Client } from 'graphql-ws';
import { Redis } from 'ioredis';
import { collect, wsClient } from './notifications-kit.js';
import { testRedisUrl } from './services.js';
import { eventually } from './waiting.js';

const actorFields = 'actor { id name email code department }';

/**
 * Every field of an activity entry, an added comment's or a change's, with the actor's Person fields that the
 * auth subgraph resolves.
 */
export const activityFields = `id taskId createdAt updatedAt
  comment { id taskId parentId actorId content attachments { id fileId } likes dislikes isDeleted userReaction
    createdAt ${actorFields} }
  history { id type actorId changedAt from to ${actorFields} }`;

export const taskActivityAddedSubscription = `subscription ($projectId: String!) {
  taskActivityAdded(projectId: $projectId) { ${activityFields} }
}`;

export type ActivityFeedEvent = {
  data?: { taskActivityAdded: Record<string, any> };
  errors?: { message: string; extensions?: Record<string, unknown> }[];
};

/** A caller watching a project's activity through the gateway's graphql-ws; dispose closes its socket. */
export function watchProject(baseUrl: string, token: string, projectId: string) {
  const client: Client = wsClient(baseUrl, token);
  const feed = collect<ActivityFeedEvent>(client, taskActivityAddedSubscription, { projectId });
  return { feed, dispose: () => client.dispose() };
}

/** Makes a change and waits for the watcher's next entry at most `withinMs` from the change's start. */
export async function deliveredWithin<T>(
  watcher: ReturnType<typeof watchProject>,
  change: () => Promise<T>,
  withinMs = 1000,
) {
  const count = watcher.feed.events.length + 1;
  const [answer] = await Promise.all([change(), watcher.feed.next(count, withinMs)]);
  return { answer, entry: watcher.feed.events[count - 1]!.data!.taskActivityAdded };
}

/** The Person fields the subscription selects of an actor who is an employee (tasks-kit's writer). */
export function actorOf(writer: {
  user: { id: number; email: string };
  employee: { code: string; name: string };
  department: { name: string };
}) {
  return {
    id: String(writer.user.id),
    name: writer.employee.name,
    email: writer.user.email,
    code: writer.employee.code,
    department: writer.department.name,
  };
}

/**
 * The servers' subscriptions to projects' activity channels, seen in the shared Redis: a test waits until the
 * process serving a subscription has subscribed, instead of sleeping, before making the change it expects.
 */
export function activityChannels(redisKeyPrefix: string) {
  const redis = new Redis(testRedisUrl!);
  return {
    async subscribed(projectId: string) {
      const channel = `${redisKeyPrefix}task-activity:${projectId}`;
      await eventually(async () => {
        const [, count] = (await redis.pubsub('NUMSUB', channel)) as [string, number];
        return count > 0;
      });
    },
    close: () => redis.quit(),
  };
}
