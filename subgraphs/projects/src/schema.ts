import { buildFederatedSchema } from '@platform/lib/graphql/subgraph';
import { CustomerResolver, customerReferenceResolvers } from './customers/customer.resolver.js';
import { ExpenseResolver } from './expenses/expense.resolver.js';
import { FileResolver } from './files/file.resolver.js';
import { ProjectFieldsResolver } from './projects/project-fields.resolver.js';
import { ProjectResolver } from './projects/project.resolver.js';
import { ActivityResolver, TaskHistoryFieldsResolver } from './activities/activity.resolver.js';
import { TaskFieldsResolver, TaskParticipantFieldsResolver } from './tasks/task-fields.resolver.js';
import { TaskBulkResolver } from './tasks/task-bulk.resolver.js';
import { TaskConnectionResolver } from './tasks/task-connections.resolver.js';
import { TaskTagResolver } from './tasks/task-tags.resolver.js';
import { ProjectTagResolver } from './projects/project-tags.resolver.js';
import { TaskResolver } from './tasks/task.resolver.js';
import { TaskNestedResolver } from './tasks/task-nested.resolver.js';
// type-graphql adds a type's field resolvers in the order their modules load, and the SDL lists them so: these two
// come after the task's own to keep Task's fields in their committed order.
import { TaskCommentsFieldResolver } from './comments/task-comments.resolver.js';
import { TaskActivitiesFieldResolver } from './activities/task-activities.resolver.js';
import { CommentFieldsResolver, CommentResolver } from './comments/comment.resolver.js';
import { CommentConnectionResolver } from './comments/comment-connections.resolver.js';
import { ActivityConnectionResolver } from './activities/activity-connections.resolver.js';
import { CommentAttachmentFieldsResolver } from './comments/comment-attachment.resolver.js';
import {
  TaskDepartmentOptionResolver,
  TaskFacetResolver,
  TaskParticipantOptionResolver,
} from './task-facets/task-facet.resolver.js';
import { WebhookEndpointResolver } from './webhook-endpoints/webhook-endpoint.resolver.js';

export function buildProjectsSchema() {
  return buildFederatedSchema(
    [
      CustomerResolver,
      FileResolver,
      ProjectResolver,
      ProjectFieldsResolver,
      ExpenseResolver,
      TaskResolver,
      TaskBulkResolver,
      TaskConnectionResolver,
      TaskTagResolver,
      ProjectTagResolver,
      TaskFieldsResolver,
      TaskParticipantFieldsResolver,
      TaskNestedResolver,
      TaskCommentsFieldResolver,
      TaskActivitiesFieldResolver,
      ActivityResolver,
      TaskHistoryFieldsResolver,
      CommentResolver,
      CommentFieldsResolver,
      CommentConnectionResolver,
      ActivityConnectionResolver,
      CommentAttachmentFieldsResolver,
      TaskFacetResolver,
      TaskDepartmentOptionResolver,
      TaskParticipantOptionResolver,
      WebhookEndpointResolver,
    ],
    { ...customerReferenceResolvers },
  );
}
