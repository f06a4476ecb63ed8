import DataLoader from 'dataloader';
import type { TaskParticipant } from './task.entity.js';
import type { TaskRepository } from './task.repository.js';

/** Per-request batches for a task's nested fields: a page of any size costs one statement per list. */
export class TaskLoaders {
  readonly participants = new DataLoader<string, TaskParticipant[]>(async (taskIds) => {
    const groups = new Map<string, TaskParticipant[]>(taskIds.map((id) => [id, []]));
    for (const row of await this.tasks.participantsOf(taskIds)) groups.get(row.taskId)?.push(row);
    return taskIds.map((id) => groups.get(id) ?? []);
  });

  constructor(private readonly tasks: TaskRepository) {}
}
