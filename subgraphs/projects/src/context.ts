import { hasPermission, type Caller } from '@platform/lib/auth/caller';
import type { GatewayContext } from '@platform/lib/graphql/context';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ServicesFactory, SubgraphShared } from '@platform/lib/graphql/subgraph';
import { lazyScope } from '@platform/lib/lazy-scope';
import { UnitOfWork } from '@platform/lib/unit-of-work';
import { CustomerRepository } from './customers/customer.repository.js';
import { CustomerService } from './customers/customer.service.js';
import { DirectoryReferences } from './directory/directory.repository.js';
import { FileRepository, type FileReader } from './files/file.repository.js';
import { FileService } from './files/file.service.js';
import type { FileStorage } from './files/file.storage.js';
import { ExpenseRepository } from './expenses/expense.repository.js';
import { ExpenseService } from './expenses/expense.service.js';
import { ProductRepository } from './products/product.repository.js';
import { ProjectLoaders } from './projects/project-loaders.js';
import { ProjectResourceService } from './projects/project-resources.service.js';
import { ProjectRepository } from './projects/project.repository.js';
import { ProjectService } from './projects/project.service.js';
import type { ActivityFeed } from './activities/activity-feed.js';
import { ActivityLog } from './activities/activity-log.js';
import { ActivityRepository } from './activities/activity.repository.js';
import { TaskLoaders } from './tasks/task-loaders.js';
import { NestedTaskService } from './tasks/task-nested.service.js';
import { TaskRepository } from './tasks/task.repository.js';
import { TaskService } from './tasks/task.service.js';
import { CommentRepository } from './comments/comment.repository.js';
import { CommentService } from './comments/comment.service.js';
import { TaskFacetRepository } from './task-facets/task-facet.repository.js';
import { TaskFacetService } from './task-facets/task-facet.service.js';

export interface ProjectsServices {
  customers: CustomerService;
  files: FileService;
  projects: ProjectService;
  loaders: ProjectLoaders;
  resources: ProjectResourceService;
  expenses: ExpenseService;
  tasks: TaskService;
  taskLoaders: TaskLoaders;
  nestedTasks: NestedTaskService;
  comments: CommentService;
  taskFacets: TaskFacetService;
  activity: ActivityLog;
}

export interface ProjectsContext extends GatewayContext {
  projects: ProjectsServices;
}

/** The caller as a reader of files: its user id and which records it reads. */
function fileReaderOf(caller: Caller | null): FileReader | null {
  if (caller?.kind !== 'user') return null;
  return {
    userId: caller.userId,
    readsProjects: hasPermission(caller, 'projects:read'),
    readsTasks: hasPermission(caller, 'tasks:read'),
  };
}

/** The projects subgraph's process-wide parts: the file store and the activity feed. */
export interface ProjectsShared extends SubgraphShared {
  storage: FileStorage;
  feed: ActivityFeed;
}

/** Everything a request's services are built from, each part built on its first use (lib/lazy-scope.ts). */
interface ProjectsScope extends ProjectsServices {
  em: EntityManager;
  unitOfWork: UnitOfWork;
  customerRows: CustomerRepository;
  fileRows: FileRepository;
  projectRows: ProjectRepository;
  productRows: ProductRepository;
  taskRows: TaskRepository;
  activityRows: ActivityRepository;
  commentRows: CommentRepository;
  directory: DirectoryReferences;
}

/** Per-request services over a forked entity manager, each built when the request first needs it. */
export const createProjectsServices: ServicesFactory<ProjectsShared, ProjectsServices> = (shared, request) => {
  const { orm, storage, feed, platform } = shared;
  const now = platform.now;
  return lazyScope<ProjectsScope>({
    em: () => orm.em.fork(),
    unitOfWork: ({ em }) => new UnitOfWork(em),
    customerRows: ({ em }) => new CustomerRepository(em),
    fileRows: ({ em }) => new FileRepository(em),
    projectRows: ({ em }) => new ProjectRepository(em),
    productRows: ({ em }) => new ProductRepository(em),
    taskRows: ({ em }) => new TaskRepository(em),
    activityRows: ({ em }) => new ActivityRepository(em),
    commentRows: ({ em }) => new CommentRepository(em),
    directory: ({ em }) => new DirectoryReferences(em),
    files: ({ fileRows }) => new FileService({ repository: fileRows, storage, reader: fileReaderOf(request.caller) }),
    projects: (scope) =>
      new ProjectService({
        projects: scope.projectRows,
        products: scope.productRows,
        customers: scope.customerRows,
        files: scope.files,
        tasks: scope.taskRows,
        directory: scope.directory,
        unitOfWork: scope.unitOfWork,
        now,
      }),
    activity: (scope) => new ActivityLog(scope.activityRows, feed, scope.projects, scope.unitOfWork, now),
    tasks: (scope) =>
      new TaskService({
        tasks: scope.taskRows,
        activities: scope.activityRows,
        projects: scope.projectRows,
        projectService: scope.projects,
        files: scope.files,
        directory: scope.directory,
        changes: scope.activity,
        now,
      }),
    taskLoaders: (scope) => new TaskLoaders(scope.taskRows, scope.commentRows, scope.activityRows),
    customers: ({ customerRows }) => new CustomerService(customerRows),
    loaders: (scope) => new ProjectLoaders(scope.projectRows, scope.productRows, scope.files.byId),
    resources: (scope) =>
      new ProjectResourceService(scope.projects, scope.projectRows, scope.productRows, scope.taskRows),
    expenses: ({ em, projects }) => new ExpenseService(new ExpenseRepository(em), projects),
    nestedTasks: ({ taskRows, taskLoaders }) => new NestedTaskService(taskRows, taskLoaders),
    taskFacets: ({ em, projects }) => new TaskFacetService(new TaskFacetRepository(em), projects),
    comments: (scope) =>
      new CommentService({
        comments: scope.commentRows,
        tasks: scope.tasks,
        files: scope.files,
        changes: scope.activity,
        unitOfWork: scope.unitOfWork,
        now,
      }),
  });
};
