import { Customer } from './customers/customer.entity.js';
import { Expense } from './expenses/expense.entity.js';
import { StoredFile } from './files/file.entity.js';
import { Product } from './products/product.entity.js';
import { ProjectDocument, ProjectParticipant } from './projects/project-members.entity.js';
import { Project } from './projects/project.entity.js';
import { Activity } from './activities/activity.entity.js';
import { Task, TaskParticipant } from './tasks/task.entity.js';
import { WebhookDelivery, WebhookEndpoint } from './webhooks/webhook.entity.js';
import { TaskComment, TaskCommentAttachment, TaskCommentReaction } from './comments/comment.entity.js';

export const projectsEntities = [
  Customer,
  Project,
  ProjectParticipant,
  ProjectDocument,
  Product,
  Expense,
  StoredFile,
  Task,
  TaskParticipant,
  Activity,
  TaskComment,
  TaskCommentAttachment,
  TaskCommentReaction,
  WebhookEndpoint,
  WebhookDelivery,
];
