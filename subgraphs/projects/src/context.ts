import type { EntityManager } from '@mikro-orm/postgresql';
import type { GatewayContext } from '@platform/lib/graphql/context';
import type { ServicesFactory, SubgraphShared } from '@platform/lib/graphql/subgraph';
import { lazyScope } from '@platform/lib/lazy-scope';
import type { Platform } from '@platform/lib/platform';
import { UnitOfWork } from '@platform/lib/unit-of-work';
import type { ActivityFeed } from './activities/activity-feed.js';
import type { ActivityHistory } from './activities/activity-history.js';
import type { ActivityLoaders } from './activities/activity-loaders.js';
import type { ActivityLog } from './activities/activity-log.js';
import type { ActivityRepository } from './activities/activity.repository.js';
import { activityWiring } from './activities/activity.wiring.js';
import type { CommentLoaders } from './comments/comment-loaders.js';
import type { CommentRepository } from './comments/comment.repository.js';
import type { CommentService } from './comments/comment.service.js';
import { commentWiring } from './comments/comment.wiring.js';
import type { CustomerRepository } from './customers/customer.repository.js';
import type { CustomerService } from './customers/customer.service.js';
import { customerWiring } from './customers/customer.wiring.js';
import type { DirectoryReferences } from './directory/directory.repository.js';
import { directoryWiring } from './directory/directory.wiring.js';
import type { ExpenseRepository } from './expenses/expense.repository.js';
import type { ExpenseService } from './expenses/expense.service.js';
import { expenseWiring } from './expenses/expense.wiring.js';
import type { FileRepository } from './files/file.repository.js';
import type { FileService } from './files/file.service.js';
import type { FileStorage } from './files/file.storage.js';
import { fileWiring } from './files/file.wiring.js';
import type { ProductRepository } from './products/product.repository.js';
import { productWiring } from './products/product.wiring.js';
import type { ProjectLoaders } from './projects/project-loaders.js';
import type { ProjectResourceService } from './projects/project-resources.service.js';
import type { ProjectRepository } from './projects/project.repository.js';
import type { ProjectService } from './projects/project.service.js';
import { projectWiring } from './projects/project.wiring.js';
import type { TaskFacetRepository } from './task-facets/task-facet.repository.js';
import type { TaskFacetService } from './task-facets/task-facet.service.js';
import { taskFacetWiring } from './task-facets/task-facet.wiring.js';
import type { TaskBulkService } from './tasks/task-bulk.service.js';
import type { TaskLoaders } from './tasks/task-loaders.js';
import type { NestedTaskService } from './tasks/task-nested.service.js';
import type { TaskRepository } from './tasks/task.repository.js';
import type { TaskService } from './tasks/task.service.js';
import { taskWiring } from './tasks/task.wiring.js';
import type { WebhookEndpointService } from './webhook-endpoints/webhook-endpoint.service.js';
import { webhookEndpointWiring } from './webhook-endpoints/webhook-endpoint.wiring.js';
import type { ChangeEvents } from './webhooks/webhook-events.js';
import type { WebhookQueue } from './webhooks/webhook-queue.js';
import type { WebhookRepository } from './webhooks/webhook.repository.js';
import { webhookWiring } from './webhooks/webhook.wiring.js';

export interface ProjectsServices {
  customers: CustomerService;
  files: FileService;
  projects: ProjectService;
  loaders: ProjectLoaders;
  resources: ProjectResourceService;
  expenses: ExpenseService;
  tasks: TaskService;
  taskBulk: TaskBulkService;
  taskLoaders: TaskLoaders;
  nestedTasks: NestedTaskService;
  comments: CommentService;
  commentLoaders: CommentLoaders;
  taskFacets: TaskFacetService;
  activity: ActivityLog;
  activityHistory: ActivityHistory;
  activityLoaders: ActivityLoaders;
  webhookEndpoints: WebhookEndpointService;
}

export interface ProjectsContext extends GatewayContext {
  projects: ProjectsServices;
}

/** The projects subgraph's process-wide parts: the file store, the activity feed and the webhooks' queue. */
export interface ProjectsShared extends SubgraphShared {
  storage: FileStorage;
  feed: ActivityFeed;
  webhookQueue: WebhookQueue;
}

/** Everything a request's services are built from, each part built on its first use (lib/lazy-scope.ts). */
interface ProjectsScope extends ProjectsServices {
  platform: Platform;
  request: GatewayContext;
  storage: FileStorage;
  feed: ActivityFeed;
  webhookQueue: WebhookQueue;
  changeEvents: ChangeEvents;
  em: EntityManager;
  unitOfWork: UnitOfWork;
  activityRows: ActivityRepository;
  commentRows: CommentRepository;
  customerRows: CustomerRepository;
  directory: DirectoryReferences;
  expenseRows: ExpenseRepository;
  fileRows: FileRepository;
  productRows: ProductRepository;
  projectRows: ProjectRepository;
  taskFacetRows: TaskFacetRepository;
  taskRows: TaskRepository;
  webhookRows: WebhookRepository;
}

/**
 * Per-request services over a forked entity manager, each built when the request first needs it. How each
 * feature's parts are built is the feature's own (`x.wiring.ts`).
 */
export const createProjectsServices: ServicesFactory<ProjectsShared, ProjectsServices> = (shared, request) =>
  lazyScope<ProjectsScope>({
    platform: () => shared.platform,
    request: () => request,
    storage: () => shared.storage,
    feed: () => shared.feed,
    webhookQueue: () => shared.webhookQueue,
    em: () => shared.orm.em.fork(),
    unitOfWork: (scope) => new UnitOfWork(scope.em),
    ...activityWiring,
    ...commentWiring,
    ...customerWiring,
    ...directoryWiring,
    ...expenseWiring,
    ...fileWiring,
    ...productWiring,
    ...projectWiring,
    ...taskFacetWiring,
    ...taskWiring,
    ...webhookWiring,
    ...webhookEndpointWiring,
  });
