import { talliesAsTotals, versionTagOf } from '@platform/lib/entity-tag';
import { validate } from '@platform/lib/validation';
import { ProjectNotFoundError } from '../projects/project.errors.js';
import { isProjectId, type ProjectService } from '../projects/project.service.js';
import type { FacetCount, StatisticsRow, TaskFacet, TaskFacetRepository } from './task-facet.repository.js';
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
    // The project is read by the options' own statement: one round trip for both (decisions: Live inboxes and
    // filter options).
    const rows = await this.deps.facets.options(projectOf(projectId), filtersOf(query), query['searches[name]']);
    if (!rows) throw new ProjectNotFoundError();
    return optionsOf(rows);
  }

  /**
   * The entity tag of `filterOptions` for the same arguments (issue 28, conditional requests): the answer is counts
   * (its labels are names from the auth directory, not named, as for tasks), so its version is them, read by the
   * same one statement with the project's lookup; an unknown or deleted project is refused as `filterOptions` does.
   */
  async filterOptionsTag(projectId: string, input: Record<string, unknown>): Promise<string> {
    const query = validate(filterOptionsInput, input);
    const rows = await this.deps.facets.options(projectOf(projectId), filtersOf(query), query['searches[name]']);
    if (!rows) throw new ProjectNotFoundError();
    const options = optionsOf(rows);
    const facets = Object.keys(options).sort() as TaskFacet[];
    return versionTagOf({
      kind: 'task-filter-options',
      items: [],
      totals: facets.flatMap((facet) => [facet, ...optionTotals(options[facet])]),
    });
  }

  async statistics(projectId: string): Promise<TaskStatistics> {
    const project = await this.deps.projects.getByIdOrCode(projectId);
    return statisticsOf(await this.deps.facets.statistics(project.id));
  }

  /**
   * The entity tag of `statistics` (issue 28, conditional requests): the counts are the answer, so its version is
   * them, read in one statement with the project's lookup (where the answer takes two); an unknown or deleted
   * project is refused as `statistics` refuses it.
   */
  async statisticsTag(projectId: string): Promise<string> {
    const isId = isProjectId(projectId);
    const rows = await this.deps.facets.statisticsOfProject({
      id: isId ? projectId : null,
      code: isId ? null : projectId,
    });
    if (!rows) throw new ProjectNotFoundError();
    const { total, byStatus, byPriority, byDepartment } = statisticsOf(rows);
    return versionTagOf({
      kind: 'task-statistics',
      items: [],
      totals: [total, ...talliesAsTotals(byStatus, byPriority, byDepartment)],
    });
  }
}

/** A facet's options as totals: their number, then each value and count in the answer's order. */
const optionTotals = (options: FacetOption[]) => [
  options.length,
  ...options.flatMap(({ value, count }) => [value, count]),
];

const filtersOf = (query: ReturnType<typeof filterOptionsInput.parse>) => ({
  statuses: query['filters[status]'],
  priorities: query['filters[priority]'],
  departmentIds: query['filters[departmentId]'],
  tags: query['filters[tags]'],
});

/** A project named by its id or its uniqueCode, as the options' statement looks it up. */
const projectOf = (idOrCode: string) => (isProjectId(idOrCode) ? { id: idOrCode } : { uniqueCode: idOrCode });

/** The grouping sets' rows as the answer's tallies: a row per status, priority, department, and the total. */
function statisticsOf(rows: StatisticsRow[]): TaskStatistics {
  const result: TaskStatistics = { total: 0, byStatus: {}, byPriority: {}, byDepartment: {} };
  for (const row of rows) {
    if (row.status !== null) result.byStatus[row.status] = row.count;
    else if (row.priority !== null) result.byPriority[row.priority] = row.count;
    else if (row.department_id !== null) result.byDepartment[row.department_id] = row.count;
    else result.total = row.count;
  }
  return result;
}

/** The repository's rows come ordered (count desc, then value) within each facet. */
function optionsOf(rows: FacetCount[]): TaskFilterOptions {
  const options: TaskFilterOptions = { departments: [], participants: [], priorities: [], statuses: [], tags: [] };
  for (const { facet, value, count } of rows) if (facet !== 'project') options[facet].push({ value, count });
  return options;
}
