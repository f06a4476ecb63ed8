import type { EntityManager } from '@mikro-orm/postgresql';
import type { Platform } from '@platform/lib/platform';
import type { ActivityLog } from '../activities/activity-log.js';
import type { ActivityRepository } from '../activities/activity.repository.js';
import type { CommentRepository } from '../comments/comment.repository.js';
import type { DirectoryReferences } from '../directory/directory.repository.js';
import type { FileService } from '../files/file.service.js';
import type { ProjectRepository } from '../projects/project.repository.js';
import type { ProjectService } from '../projects/project.service.js';
import { TaskLoaders } from './task-loaders.js';
import { NestedTaskService } from './task-nested.service.js';
import { TaskRepository } from './task.repository.js';
import { TaskService } from './task.service.js';

/** How tasks are built for a request (context.ts). */
export const taskWiring = {
  taskRows: (scope: { em: EntityManager }) => new TaskRepository(scope.em),
  tasks: (scope: {
    taskRows: TaskRepository;
    activityRows: ActivityRepository;
    projectRows: ProjectRepository;
    projects: ProjectService;
    files: FileService;
    directory: DirectoryReferences;
    activity: ActivityLog;
    platform: Pick<Platform, 'now'>;
  }) =>
    new TaskService({
      tasks: scope.taskRows,
      activities: scope.activityRows,
      projects: scope.projectRows,
      projectService: scope.projects,
      files: scope.files,
      directory: scope.directory,
      changes: scope.activity,
      now: scope.platform.now,
    }),
  taskLoaders: (scope: {
    taskRows: TaskRepository;
    commentRows: CommentRepository;
    activityRows: ActivityRepository;
  }) => new TaskLoaders({ tasks: scope.taskRows, comments: scope.commentRows, activities: scope.activityRows }),
  nestedTasks: (scope: { taskRows: TaskRepository; taskLoaders: TaskLoaders }) =>
    new NestedTaskService({ tasks: scope.taskRows, loaders: scope.taskLoaders }),
};
