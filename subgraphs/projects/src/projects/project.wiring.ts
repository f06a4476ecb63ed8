import type { EntityManager } from '@mikro-orm/postgresql';
import type { Platform } from '@platform/lib/platform';
import type { UnitOfWork } from '@platform/lib/unit-of-work';
import type { CustomerRepository } from '../customers/customer.repository.js';
import type { DirectoryReferences } from '../directory/directory.repository.js';
import type { FileService } from '../files/file.service.js';
import type { ProductRepository } from '../products/product.repository.js';
import type { ChangeEvents } from '../webhooks/webhook-events.js';
import { ProjectLoaders } from './project-loaders.js';
import { ProjectResourceService } from './project-resources.service.js';
import { ProjectRepository } from './project.repository.js';
import { ProjectService, type ProjectTasks } from './project.service.js';

interface ProjectScope {
  projectRows: ProjectRepository;
  productRows: ProductRepository;
}

/** How projects are built for a request (context.ts). */
export const projectWiring = {
  projectRows: (scope: { em: EntityManager }) => new ProjectRepository(scope.em),
  projects: (
    scope: ProjectScope & {
      customerRows: CustomerRepository;
      taskRows: ProjectTasks;
      files: FileService;
      directory: DirectoryReferences;
      unitOfWork: UnitOfWork;
      changeEvents: ChangeEvents;
      platform: Pick<Platform, 'now'>;
    },
  ) =>
    new ProjectService({
      projects: scope.projectRows,
      products: scope.productRows,
      customers: scope.customerRows,
      files: scope.files,
      tasks: scope.taskRows,
      directory: scope.directory,
      unitOfWork: scope.unitOfWork,
      webhooks: scope.changeEvents,
      now: scope.platform.now,
    }),
  loaders: (scope: ProjectScope & { files: FileService }) =>
    new ProjectLoaders({ projects: scope.projectRows, products: scope.productRows, files: scope.files.byId }),
  resources: (scope: ProjectScope & { projects: ProjectService; taskRows: ProjectTasks }) =>
    new ProjectResourceService({
      projectService: scope.projects,
      projects: scope.projectRows,
      products: scope.productRows,
      tasks: scope.taskRows,
    }),
};
