import type { EntityManager } from '@mikro-orm/postgresql';
import type { ProjectService } from '../projects/project.service.js';
import { TaskFacetRepository } from './task-facet.repository.js';
import { TaskFacetService } from './task-facet.service.js';

/** How a project's task facets are built for a request (context.ts). */
export const taskFacetWiring = {
  taskFacetRows: (scope: { em: EntityManager }) => new TaskFacetRepository(scope.em),
  taskFacets: (scope: { taskFacetRows: TaskFacetRepository; projects: ProjectService }) =>
    new TaskFacetService({ facets: scope.taskFacetRows, projects: scope.projects }),
};
