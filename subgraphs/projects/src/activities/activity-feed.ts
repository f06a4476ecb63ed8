import type { Logger } from '@platform/lib/logger';
import type { PubSub } from '@platform/lib/store/ports';
import { pubSubIterator } from '@platform/lib/store/pubsub-iterator';
import type { ReactionCountsType, TaskActivityType } from './activity.types.js';

/**
 * One channel per project: an instance subscribes only to the projects its dashboards watch, and a dashboard
 * never sees another project's entries. The port adds the deployment's key prefix.
 */
const channelOf = (projectId: string) => `task-activity:${projectId}`;
/** A project's reactions go on a channel of their own: they are no activity entries. */
const reactionChannelOf = (projectId: string) => `task-reaction:${projectId}`;

export interface ActivityFeedDependencies {
  pubSub: PubSub;
  logger: Logger;
}

/** New activity entries of each project's tasks, fanned out through the PubSub port (Redis across instances). */
export class ActivityFeed {
  constructor(private readonly deps: ActivityFeedDependencies) {}

  /**
   * Called after the change committed: a failed publish loses the live event only, the change and its history
   * stand, so it is logged and never becomes the change's failure (decisions: Live activity).
   */
  async publish(projectId: string, entry: TaskActivityType): Promise<void> {
    await this.deps.pubSub.publish(channelOf(projectId), JSON.stringify(entry)).catch((error: unknown) => {
      this.deps.logger.warn({ err: error, projectId, activityId: entry.id }, 'activity entry not published');
    });
  }

  subscribe(projectId: string): AsyncIterableIterator<TaskActivityType> {
    return pubSubIterator(this.deps.pubSub, channelOf(projectId), (message) => JSON.parse(message) as TaskActivityType);
  }

  /** A comment's counts after a reaction committed; lost, like an entry, if the publish fails (logged). */
  async publishReaction(projectId: string, counts: ReactionCountsType): Promise<void> {
    await this.deps.pubSub.publish(reactionChannelOf(projectId), JSON.stringify(counts)).catch((error: unknown) => {
      this.deps.logger.warn({ err: error, projectId, commentId: counts.commentId }, 'reaction not published');
    });
  }

  reactions(projectId: string): AsyncIterableIterator<ReactionCountsType> {
    return pubSubIterator(
      this.deps.pubSub,
      reactionChannelOf(projectId),
      (message) => JSON.parse(message) as ReactionCountsType,
    );
  }
}
