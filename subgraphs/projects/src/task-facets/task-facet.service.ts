import { validate } from '@platform/lib/validation';
import { ProjectNotFoundError } from '../projects/project.errors.js';
import { isProjectId, type ProjectService } from '../projects/project.service.js';
import type { FacetCount, TaskFacet, TaskFacetRepository } from './task-facet.repository.js';
import { filterOptionsInput } from './task-facet.validation.js';

export interface FacetOption {
  value: string;
  count: number;
}

export type TaskFilterOptions = Record<TaskFacet, FacetOption[]>;

export interface TaskStatistics {
  total: number;
  byStatus: Record<string, number>;
  byPriority: Record<string, number>;
  byDepartment: Record<string, number>;
}

export interface TaskFacetServiceDependencies {
  facets: TaskFacetRepository;
  projects: ProjectService;
}

/**
 * Filter options and statistics of a project's live tasks (projects spec; decisions: Tasks). `projectId` is a
 * project's id or its uniqueCode, as for the task list.
 */
export class TaskFacetService {
  constructor(private readonly deps: TaskFacetServiceDependencies) {}

  async filterOptions(projectId: string, input: Record<string, unknown>): Promise<TaskFilterOptions> {
    const query = validate(filterOptionsInput, input);
    const filters = {
      statuses: query['filters[status]'],
      priorities: query['filters[priority]'],
      departmentIds: query['filters[departmentId]'],
      tags: query['filters[tags]'],
    };
    // The project is read by the options' own statement: one round trip for both (decisions: Live inboxes and
    // filter options).
    const project = isProjectId(projectId) ? { id: projectId } : { uniqueCode: projectId };
    const rows = await this.deps.facets.options(project, filters, query['searches[name]']);
    if (!rows) throw new ProjectNotFoundError();
    return optionsOf(rows);
  }

  async statistics(projectId: string): Promise<TaskStatistics> {
    const project = await this.deps.projects.getByIdOrCode(projectId);
    const result: TaskStatistics = { total: 0, byStatus: {}, byPriority: {}, byDepartment: {} };
    for (const row of await this.deps.facets.statistics(project.id)) {
      if (row.status !== null) result.byStatus[row.status] = row.count;
      else if (row.priority !== null) result.byPriority[row.priority] = row.count;
      else if (row.department_id !== null) result.byDepartment[row.department_id] = row.count;
      else result.total = row.count;
    }
    return result;
  }
}

/** The repository's rows come ordered (count desc, then value) within each facet. */
function optionsOf(rows: FacetCount[]): TaskFilterOptions {
  const options: TaskFilterOptions = { departments: [], participants: [], priorities: [], statuses: [], tags: [] };
  for (const { facet, value, count } of rows) if (facet !== 'project') options[facet].push({ value, count });
  return options;
}
