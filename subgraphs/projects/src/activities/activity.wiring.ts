import type { EntityManager } from '@mikro-orm/postgresql';
import type { Platform } from '@platform/lib/platform';
import type { UnitOfWork } from '@platform/lib/unit-of-work';
import type { CommentLoaders } from '../comments/comment-loaders.js';
import type { ProjectService } from '../projects/project.service.js';
import type { TaskService } from '../tasks/task.service.js';
import type { ActivityFeed } from './activity-feed.js';
import { ActivityHistory } from './activity-history.js';
import { ActivityLoaders } from './activity-loaders.js';
import { ActivityLog } from './activity-log.js';
import { ActivityRepository } from './activity.repository.js';
import type { ChangeEvents } from '../webhooks/webhook-events.js';

/** How activity is built for a request (context.ts); the feed is the process's own. */
export const activityWiring = {
  activityRows: (scope: { em: EntityManager }) => new ActivityRepository(scope.em),
  activity: (scope: {
    activityRows: ActivityRepository;
    feed: ActivityFeed;
    projects: ProjectService;
    unitOfWork: UnitOfWork;
    changeEvents: ChangeEvents;
    platform: Pick<Platform, 'now'>;
  }) =>
    new ActivityLog({
      entries: scope.activityRows,
      feed: scope.feed,
      projects: scope.projects,
      unitOfWork: scope.unitOfWork,
      webhooks: scope.changeEvents,
      now: scope.platform.now,
    }),
  activityHistory: (scope: { activityRows: ActivityRepository; tasks: TaskService }) =>
    new ActivityHistory({ tasks: scope.tasks, entries: scope.activityRows }),
  activityLoaders: (scope: { activityRows: ActivityRepository; commentLoaders: CommentLoaders }) =>
    new ActivityLoaders({ activities: scope.activityRows, comments: scope.commentLoaders }),
};
