import { versionTagOf } from '@platform/lib/entity-tag';
import { validate, z } from '@platform/lib/validation';
import { ProjectNotFoundError } from './project.errors.js';
import type { ProductRepository } from '../products/product.repository.js';
import type { ProjectRepository } from './project.repository.js';
import type { ProjectService, ProjectTasks } from './project.service.js';

export const resourceTypes = ['tasks', 'products', 'documents'] as const;
type ResourceType = (typeof resourceTypes)[number];

export interface ResourceCount {
  type: ResourceType;
  status: string;
  count: number;
}

/** Absent means every type; a comma-separated string is split, as the REST query sends it. */
const resourceTypesInput = z.object({
  resourceTypes: z
    .array(z.enum(resourceTypes, { errorMap: () => ({ message: `must be one of ${resourceTypes.join(', ')}` }) }))
    .nullish()
    .transform((types) => (types && types.length > 0 ? [...new Set(types)] : [...resourceTypes])),
});

export interface ProjectResourceServiceDependencies {
  projectService: ProjectService;
  projects: ProjectRepository;
  products: ProductRepository;
  tasks: ProjectTasks;
}

/** A type's rows, or its one row of count 0 when it has nothing to count. */
const orNone = (type: ResourceType, rows: ResourceCount[]): ResourceCount[] =>
  rows.length > 0 ? rows : [{ type, status: type === 'documents' ? 'attached' : 'all', count: 0 }];

/** A count as the version's totals name it, in the order of its answer's fields. */
const resourceCountTotals = ({ type, status, count }: ResourceCount) => [type, status, count];

/**
 * Resource counts of a project: one row per type and status. A type with nothing to count still answers,
 * with one row of count 0 (status `attached` for documents, `all` otherwise), so every requested type is
 * covered (decisions: Shapes and codes).
 */
export class ProjectResourceService {
  constructor(private readonly deps: ProjectResourceServiceDependencies) {}

  async counts(uniqueCode: string, requested: unknown): Promise<ResourceCount[]> {
    const { resourceTypes: types } = validate(resourceTypesInput, { resourceTypes: requested });
    const project = await this.deps.projectService.get(uniqueCode);
    const counts: ResourceCount[] = [];
    for (const type of types) counts.push(...orNone(type, await this.countsOf(type, project.id)));
    return counts;
  }

  /**
   * The entity tag of `counts` for the same arguments (issue 28, conditional requests): the counts are the answer,
   * so its version is them, every type read in one statement with the project's lookup (where the answer takes one
   * per type and one for the project); an unknown or deleted project is refused as `counts` refuses it.
   */
  async countsTag(uniqueCode: string, requested: unknown): Promise<string> {
    const { resourceTypes: types } = validate(resourceTypesInput, { resourceTypes: requested });
    const rows = await this.deps.projects.resourceCounts(uniqueCode);
    if (!rows) throw new ProjectNotFoundError();
    const counts = types.flatMap((type) => orNone(type, rows.filter((row) => row.type === type) as ResourceCount[]));
    return versionTagOf({ kind: 'resource-counts', items: [], totals: counts.flatMap(resourceCountTotals) });
  }

  private async countsOf(type: ResourceType, projectId: string): Promise<ResourceCount[]> {
    switch (type) {
      case 'tasks':
        return (await this.deps.tasks.countByStatus(projectId)).map((row) => ({ type, ...row }));
      case 'products':
        return (await this.deps.products.countByStatus(projectId)).map((row) => ({ type, ...row }));
      case 'documents': {
        const count = await this.deps.projects.countDocuments(projectId);
        return count > 0 ? [{ type, status: 'attached', count }] : [];
      }
    }
  }
}
