import { hasPermission, type Caller } from '@platform/lib/auth/caller';
import type { GatewayContext } from '@platform/lib/graphql/context';
import type { SubgraphShared } from '@platform/lib/graphql/subgraph';
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

export function createProjectsServices(shared: ProjectsShared, request: GatewayContext): ProjectsServices {
  const { orm, storage, feed } = shared;
  const { caller } = request;
  const em = orm.em.fork();
  const customerRows = new CustomerRepository(em);
  const fileRows = new FileRepository(em);
  const projectRows = new ProjectRepository(em);
  const productRows = new ProductRepository(em);
  const taskRows = new TaskRepository(em);
  const directory = new DirectoryReferences(em);
  const unitOfWork = new UnitOfWork(em);
  const files = new FileService({ repository: fileRows, storage, reader: fileReaderOf(caller) });
  const projects = new ProjectService({
    projects: projectRows,
    products: productRows,
    customers: customerRows,
    files,
    tasks: taskRows,
    directory,
    unitOfWork,
    now: Date.now,
  });
  const activityRows = new ActivityRepository(em);
  const activity = new ActivityLog(activityRows, feed, projects, unitOfWork, Date.now);
  const tasks = new TaskService({
    tasks: taskRows,
    activities: activityRows,
    projects: projectRows,
    projectService: projects,
    files,
    directory,
    changes: activity,
    now: Date.now,
  });
  const taskLoaders = new TaskLoaders(taskRows, new CommentRepository(em), activityRows);
  return {
    customers: new CustomerService(customerRows),
    files,
    projects,
    loaders: new ProjectLoaders(projectRows, productRows, files.byId),
    resources: new ProjectResourceService(projects, projectRows, productRows, taskRows),
    expenses: new ExpenseService(new ExpenseRepository(em), projects),
    tasks,
    taskLoaders,
    nestedTasks: new NestedTaskService(taskRows, taskLoaders),
    taskFacets: new TaskFacetService(new TaskFacetRepository(em), projects),
    comments: new CommentService({
      comments: new CommentRepository(em),
      tasks,
      files,
      changes: activity,
      unitOfWork,
      now: Date.now,
    }),
    activity,
  };
}
