import { metaPage, metaPageInput, type MetaPage } from '@platform/lib/paging';
import { uuid, validate } from '@platform/lib/validation';
import { groupBy } from '../projects/project-loaders.js';
import { ProjectNotFoundError } from '../projects/project.errors.js';
import type { TaskLoaders } from './task-loaders.js';
import type { TaskRepository } from './task.repository.js';
import type { Task } from './task.entity.js';

export interface NestedTaskServiceDependencies {
  tasks: TaskRepository;
  loaders: TaskLoaders;
}

/**
 * A project's tasks, newest first, for the nested list (decisions: Tasks, nested list): the project, the count,
 * the page and its participants are read in one statement, and the participants are handed to the request's
 * loader, so a page with comments and activities stays within its statement budget.
 */
export class NestedTaskService {
  constructor(private readonly deps: NestedTaskServiceDependencies) {}

  /** `projectId` is a project's id or its uniqueCode; page >= 1, limit 1..100 (default 10). */
  async page(projectId: string, input: { page?: number | null; limit?: number | null }): Promise<MetaPage<Task>> {
    const query = validate(metaPageInput, { page: input.page ?? undefined, limit: input.limit ?? undefined });
    const isId = uuid.safeParse(projectId).success;
    const project = { id: isId ? projectId : null, code: isId ? null : projectId };
    const found = await this.deps.tasks.nestedPage(project, query);
    if (!found) throw new ProjectNotFoundError();
    const taskIds = found.rows.map((task) => task.id);
    groupBy(found.participants, (row) => row.taskId, taskIds).forEach((participants, index) =>
      this.deps.loaders.participants.prime(taskIds[index]!, participants),
    );
    return metaPage(query, found.rows, found.total);
  }
}
