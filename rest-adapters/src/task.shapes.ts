import { commentOf } from './comment.shapes.js';
import { personOfUser, userPersonFields, type UserPersonSource } from './person.shapes.js';

/** Everything of the spec's Task, nested records included (read from the graph's camelCase names). */
export const taskFields = `id uniqueCode name description endDate fileId parentId projectId projectCode departmentId
  department { id code name } participants { id employeeId employee { name email } }
  priority status tags createdAt updatedAt deletedAt`;

/** The acting user of an activity entry, as the spec's Person (decisions: projects, Creator). */

export const activityFields = `id taskId createdAt updatedAt
  history { id type actorId actor { ${userPersonFields} } changedAt from to }`;

interface GraphTask {
  id: string;
  uniqueCode: string;
  name: string;
  description: string;
  endDate: string;
  fileId: string | null;
  parentId: string | null;
  projectId: string;
  projectCode: string;
  departmentId: string;
  department: { id: string; code: string; name: string } | null;
  participants: { id: string; employeeId: string; employee: { name: string; email: string } | null }[];
  priority: string;
  status: string;
  tags: string[];
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}

interface GraphActivity {
  id: string;
  taskId: string;
  createdAt: string;
  updatedAt: string;
  history: {
    id: string;
    type: string;
    actorId: string;
    actor: UserPersonSource;
    changedAt: string;
    from: object;
    to: object;
  };
}

/**
 * The spec's Task, field for field, with its snake_case names (`unique_code`, `parent_id`, `project_id`,
 * `project_code`) beside `projectId`; a participant the directory does not know is left out, as for projects.
 */
export function taskOf(value: unknown) {
  const task = value as GraphTask;
  return {
    createdAt: task.createdAt,
    deletedAt: task.deletedAt,
    department: task.department && { code: task.department.code, id: task.department.id, name: task.department.name },
    departmentId: task.departmentId,
    description: task.description,
    endDate: task.endDate,
    fileId: task.fileId,
    id: task.id,
    name: task.name,
    parent_id: task.parentId,
    participants: task.participants.flatMap(({ id, employeeId, employee }) =>
      employee ? [{ email: employee.email, employeeId, id, name: employee.name }] : [],
    ),
    priority: task.priority,
    projectId: task.projectId,
    project_code: task.projectCode,
    project_id: task.projectId,
    status: task.status,
    tags: task.tags,
    unique_code: task.uniqueCode,
    updatedAt: task.updatedAt,
  };
}

export function taskPageOf(value: unknown) {
  const page = value as { data: unknown[]; meta: unknown };
  return { data: page.data.map(taskOf), meta: page.meta };
}

/** The spec's Activity with its `history` (comments arrive with the comments half of the service). */
export function activitiesOf(value: unknown) {
  return (value as GraphActivity[]).map((activity) => ({
    ...activity,
    history: { ...activity.history, actor: personOfUser(activity.history.actor) },
  }));
}

/**
 * A nested list item: the Task shape, plus `comments` and `activities` only when the operation asked for them
 * (decisions: Tasks, nested list), so an absent key means "not asked", never "none".
 */
function nestedTaskOf(value: unknown) {
  const item = value as { comments?: unknown[]; activities?: unknown };
  return {
    ...taskOf(item),
    ...(item.comments && { comments: item.comments.map(commentOf) }),
    ...(item.activities !== undefined && { activities: activitiesOf(item.activities) }),
  };
}

export function nestedTaskPageOf(value: unknown) {
  const page = value as { data: unknown[]; meta: unknown };
  return { data: page.data.map(nestedTaskOf), meta: page.meta };
}
