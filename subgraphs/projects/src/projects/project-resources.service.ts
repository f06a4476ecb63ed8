import { validate, z } from '@platform/lib/validation';
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
    for (const type of types) {
      const rows = await this.countsOf(type, project.id);
      counts.push(
        ...(rows.length > 0 ? rows : [{ type, status: type === 'documents' ? 'attached' : 'all', count: 0 }]),
      );
    }
    return counts;
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
