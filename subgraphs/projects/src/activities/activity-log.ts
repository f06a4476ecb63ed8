import type { UnitOfWork } from '@platform/lib/unit-of-work';
import type { CommentRecord, ReactionSummary } from '../comments/comment.records.js';
import type { CommentChangeLog } from '../comments/comment-changes.js';
import type { ProjectService } from '../projects/project.service.js';
import { commentView } from '../comments/comment.views.js';
import {
  previousTaskValues,
  taskRecord,
  type ChangedTask,
  type FieldDiff,
  type TaskChangeLog,
} from '../tasks/task-changes.js';
import type { ChangeEvent, ChangeEvents, WebhookEventType } from '../webhooks/webhook-events.js';
import type { ActivityFeed } from './activity-feed.js';
import type { Activity, ActivityType } from './activity.entity.js';
import type { ActivityRepository } from './activity.repository.js';
import type { ReactionCountsType, TaskActivityType } from './activity.types.js';
import { activityView } from './activity.views.js';

/**
 * Stages the entry of a user's change of a task in the change's open transaction; an added comment is given
 * as its shape shows it, so that the live entry carries it (decisions: Defects (issue 23)).
 */
export type RecordActivity = (
  actorUserId: number,
  task: ChangedTask,
  type: ActivityType,
  diff: FieldDiff,
  comment?: CommentRecord,
) => void;

export interface ActivityLogDependencies {
  entries: ActivityRepository;
  feed: ActivityFeed;
  projects: ProjectService;
  unitOfWork: UnitOfWork;
  /** Each change's webhook events, queued in its transaction. */
  webhooks: ChangeEvents;
  now: () => number;
}

const eventTypes: Record<ActivityType, WebhookEventType> = {
  created: 'task.created',
  updated: 'task.updated',
  status_changed: 'task.status_changed',
  deleted: 'task.deleted',
  comment_added: 'comment.added',
  comment_deleted: 'comment.deleted',
};

interface StagedChange {
  task: ChangedTask;
  type: ActivityType;
  diff: FieldDiff;
  comment: CommentRecord | null;
}

/**
 * A change's webhook event: the task as it is now, or the comment (a deleted one by its id); an update's previous
 * values of the fields it changed.
 */
function changeEvent({ task, type, diff, comment }: StagedChange): ChangeEvent {
  const event = { type: eventTypes[type], projectId: task.projectId };
  switch (type) {
    case 'comment_added': {
      // `userReaction` is the caller's own reaction: a receiver is no caller.
      const { userReaction: _userReaction, ...shown } = commentView(comment!);
      return { ...event, data: shown };
    }
    case 'comment_deleted':
      return { ...event, data: { id: diff.to.commentId, taskId: task.id, isDeleted: true } };
    case 'updated':
    case 'status_changed':
      return { ...event, data: taskRecord(task), previous: previousTaskValues(diff) };
    case 'created':
    case 'deleted':
      return { ...event, data: taskRecord(task) };
  }
}

/**
 * Changes of tasks with their activity: each change runs in one transaction with the entries it records
 * (decisions: Tasks, Activity), and the entries go live only once that transaction has committed, so a change
 * that rolls back announces nothing.
 */
export class ActivityLog implements TaskChangeLog, CommentChangeLog {
  constructor(private readonly deps: ActivityLogDependencies) {}

  async change<T>(work: (record: RecordActivity) => Promise<T>): Promise<T> {
    const staged: { projectId: string; activity: Activity; comment: CommentRecord | null }[] = [];
    const changes: StagedChange[] = [];
    const result = await this.deps.unitOfWork.run(async () => {
      const done = await work((actorUserId, task, type, diff, comment) => {
        const activity = this.deps.entries.stageChange(task.id, type, actorUserId, diff, new Date(this.deps.now()));
        staged.push({ projectId: task.projectId, activity, comment: comment ?? null });
        changes.push({ task, type, diff, comment: comment ?? null });
      });
      await this.deps.webhooks.emit(changes.map(changeEvent));
      return done;
    });
    for (const { projectId, activity, comment } of staged) {
      await this.deps.feed.publish(projectId, activityView(activity, comment));
    }
    return result;
  }

  /** New entries of a project's tasks; the project is its id or uniqueCode, an unknown or deleted one 404s. */
  async live(projectIdOrCode: string): Promise<AsyncIterableIterator<TaskActivityType>> {
    const project = await this.deps.projects.getByIdOrCode(projectIdOrCode);
    return this.deps.feed.subscribe(project.id);
  }

  /** The counts only: each subscriber's own reaction is its own, and another's reaction does not change it. */
  async reacted(task: ChangedTask, { commentId, likes, dislikes }: ReactionSummary): Promise<void> {
    await this.deps.feed.publishReaction(task.projectId, { taskId: task.id, commentId, likes, dislikes });
  }

  /** Comments' new counts in a project's tasks, as `live` takes the project. */
  async liveReactions(projectIdOrCode: string): Promise<AsyncIterableIterator<ReactionCountsType>> {
    const project = await this.deps.projects.getByIdOrCode(projectIdOrCode);
    return this.deps.feed.reactions(project.id);
  }
}
