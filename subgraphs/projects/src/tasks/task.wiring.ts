import type { EntityManager } from '@mikro-orm/postgresql';
import type { Platform } from '@platform/lib/platform';
import type { DirectoryReferences } from '../directory/directory.repository.js';
import type { FileService } from '../files/file.service.js';
import type { ProjectRepository } from '../projects/project.repository.js';
import type { ProjectService } from '../projects/project.service.js';
import type { TaskChangeLog } from './task-changes.js';
import { TaskBulkService } from './task-bulk.service.js';
import { TaskLoaders } from './task-loaders.js';
import { NestedTaskService } from './task-nested.service.js';
import { TaskRepository } from './task.repository.js';
import { TaskService } from './task.service.js';

/** How tasks are built for a request (context.ts). */
export const taskWiring = {
  taskRows: (scope: { em: EntityManager }) => new TaskRepository(scope.em),
  tasks: (scope: {
    taskRows: TaskRepository;
    projectRows: ProjectRepository;
    projects: ProjectService;
    files: FileService;
    directory: DirectoryReferences;
    activity: TaskChangeLog;
    platform: Pick<Platform, 'now'>;
  }) =>
    new TaskService({
      tasks: scope.taskRows,
      projects: scope.projectRows,
      projectService: scope.projects,
      files: scope.files,
      directory: scope.directory,
      changes: scope.activity,
      now: scope.platform.now,
    }),
  taskBulk: (scope: {
    taskRows: TaskRepository;
    projectRows: ProjectRepository;
    files: FileService;
    directory: DirectoryReferences;
    activity: TaskChangeLog;
  }) =>
    new TaskBulkService({
      tasks: scope.taskRows,
      projects: scope.projectRows,
      files: scope.files,
      directory: scope.directory,
      changes: scope.activity,
    }),
  taskLoaders: (scope: { taskRows: TaskRepository }) => new TaskLoaders({ tasks: scope.taskRows }),
  nestedTasks: (scope: { taskRows: TaskRepository; taskLoaders: TaskLoaders }) =>
    new NestedTaskService({ tasks: scope.taskRows, loaders: scope.taskLoaders }),
};
