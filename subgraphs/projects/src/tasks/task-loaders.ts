import DataLoader from 'dataloader';
import { groupBy } from '../projects/project-loaders.js';
import type { TaskParticipant } from './task.entity.js';
import type { TaskRepository } from './task.repository.js';

export interface TaskLoadersDependencies {
  tasks: TaskRepository;
}

/**
 * Per-request batches for a task's own nested fields: a page of any size costs one statement per list. Its
 * comments and activities are batched by their own folders (comments/comment-loaders.ts, activities/).
 */
export class TaskLoaders {
  readonly participants = new DataLoader<string, TaskParticipant[]>(async (taskIds) =>
    groupBy(await this.deps.tasks.participantsOf(taskIds), (row) => row.taskId, taskIds),
  );

  constructor(private readonly deps: TaskLoadersDependencies) {}
}
