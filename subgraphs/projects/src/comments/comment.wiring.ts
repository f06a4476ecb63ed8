import type { EntityManager } from '@mikro-orm/postgresql';
import type { Platform } from '@platform/lib/platform';
import type { UnitOfWork } from '@platform/lib/unit-of-work';
import type { FileService } from '../files/file.service.js';
import type { TaskService } from '../tasks/task.service.js';
import type { ChangeEvents } from '../webhooks/webhook-events.js';
import { CommentLoaders } from './comment-loaders.js';
import { CommentRepository } from './comment.repository.js';
import type { CommentChangeLog } from './comment-changes.js';
import { CommentService } from './comment.service.js';

/** How comments are built for a request (context.ts). */
export const commentWiring = {
  commentRows: (scope: { em: EntityManager }) => new CommentRepository(scope.em),
  comments: (scope: {
    commentRows: CommentRepository;
    tasks: TaskService;
    files: FileService;
    activity: CommentChangeLog;
    unitOfWork: UnitOfWork;
    changeEvents: ChangeEvents;
    platform: Pick<Platform, 'now'>;
  }) =>
    new CommentService({
      comments: scope.commentRows,
      tasks: scope.tasks,
      files: scope.files,
      changes: scope.activity,
      unitOfWork: scope.unitOfWork,
      webhooks: scope.changeEvents,
      now: scope.platform.now,
    }),
  commentLoaders: (scope: { commentRows: CommentRepository }) => new CommentLoaders({ comments: scope.commentRows }),
};
