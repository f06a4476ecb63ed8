import type { Client } from 'graphql-ws';
import { Redis } from 'ioredis';
import { collect, wsClient } from './notifications-kit.js';
import { testRedisUrl } from './services.js';
import { eventually } from './waiting.js';

/** Every field of an activity entry, with the actor's Person fields that the auth subgraph resolves. */
export const activityFields = `id taskId createdAt updatedAt
  history { id type actorId changedAt from to actor { id email employee { code name } department { name } } }`;

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
