import { versionTagOf } from '@platform/lib/entity-tag';
import { metaPage, metaPageInput, type MetaPage } from '@platform/lib/paging';
import { uuid, validate } from '@platform/lib/validation';
import { groupBy } from '../projects/project-loaders.js';
import { ProjectNotFoundError } from '../projects/project.errors.js';
import type { TaskLoaders } from './task-loaders.js';
import type { TaskRepository, TaskRow } from './task.repository.js';

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
  async page(projectId: string, input: PageInput): Promise<MetaPage<TaskRow>> {
    const query = pageOf(input);
    const found = await this.deps.tasks.nestedPage(projectOf(projectId), query);
    if (!found) throw new ProjectNotFoundError();
    const taskIds = found.rows.map((task) => task.id);
    groupBy(found.participants, (row) => row.taskId, taskIds).forEach((participants, index) =>
      this.deps.loaders.participants.prime(taskIds[index]!, participants),
    );
    return metaPage(query, found.rows, found.total);
  }

  /**
   * The entity tag of `page` with the comments and activities `shown`, as `viewerId` sees them (issue 28, conditional
   * requests): the page's window and total, each task's update time, and the state of each comment and entry shown,
   * from one statement; an unknown or deleted project is refused as `page` refuses it.
   */
  async pageTag(
    projectId: string,
    input: PageInput,
    shown: { comments: boolean; activities: boolean },
    viewerId: number,
  ): Promise<string> {
    const query = pageOf(input);
    const version = await this.deps.tasks.nestedPageVersion(projectOf(projectId), query, shown, viewerId);
    if (!version) throw new ProjectNotFoundError();
    const page = { page: query.page, limit: query.limit, total: version.total };
    return versionTagOf({ kind: 'nested-task-page', items: version.items, page });
  }
}

type PageInput = { page?: number | null; limit?: number | null };

const pageOf = (input: PageInput) =>
  validate(metaPageInput, { page: input.page ?? undefined, limit: input.limit ?? undefined });

/** A project named by its id or its uniqueCode, as the live-project CTE looks it up. */
function projectOf(projectId: string): { id: string | null; code: string | null } {
  const isId = uuid.safeParse(projectId).success;
  return { id: isId ? projectId : null, code: isId ? null : projectId };
}
