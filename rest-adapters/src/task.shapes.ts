import { taskPriorities } from '@platform/lib/contract/project-values';
import { z } from '@platform/lib/validation';
import { withFields } from '@platform/lib/with-fields';
import { commentOf, commentShape, commentStateOf } from './comment.shapes.js';
import { graphql } from './generated/index.js';
import type { ActivityFieldsFragment, CommentFieldsFragment, TaskFieldsFragment } from './generated/graphql.js';
import { pageOf, type GraphPage } from './paging.js';
import { personShape } from './person.shapes.js';
import { timestamp } from './response.shapes.js';

/** Everything of the spec's Task, nested records included (read from the graph's camelCase names). */
graphql(`
  fragment TaskFields on Task {
    id
    uniqueCode
    name
    description
    endDate
    fileId
    parentId
    projectId
    projectCode
    departmentId
    department {
      id
      code
      name
    }
    participants {
      id
      employeeId
      employee {
        name
        email
      }
    }
    priority
    status
    tags
    createdAt
    updatedAt
    deletedAt
  }
`);

/**
 * An activity entry: an added comment as the spec's Comment, any other change as its history, whose acting user
 * is the spec's Person (decisions: projects, Creator).
 */
graphql(`
  fragment ActivityFields on TaskActivity {
    id
    taskId
    createdAt
    updatedAt
    comment {
      ...CommentFields
    }
    history {
      id
      type
      actorId
      actor {
        ...PersonFields
      }
      changedAt
      from
      to
    }
  }
`);

/**
 * The spec's Task, field for field, with its snake_case names (`unique_code`, `parent_id`, `project_id`,
 * `project_code`) beside `projectId`; a participant the directory does not know is left out, as for projects.
 */
export function taskOf(task: TaskFieldsFragment) {
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

export function taskPageOf(page: GraphPage<TaskFieldsFragment>) {
  return { data: page.data.map(taskOf), meta: page.meta };
}

/** The spec's Activity: either `comment` (the spec's Comment) or `history`, the other key absent. */
function activityOf(activity: ActivityFieldsFragment) {
  const entry = {
    id: activity.id,
    taskId: activity.taskId,
    createdAt: activity.createdAt,
    updatedAt: activity.updatedAt,
  };
  // The graph's TaskActivity has one of the two: an entry without a comment has its history.
  return activity.comment
    ? withFields(entry, { comment: commentOf(activity.comment) })
    : withFields(entry, { history: activity.history! });
}

/**
 * What of an entry can change, as its entity tag names it (the graph's `taskActivitiesEntityTag` reads the same
 * values): its update time and, for an entry that shows an added comment, that comment's state (`commentStateOf`).
 */
export function activityStateOf(entry: {
  id: string;
  updatedAt: string;
  comment?: Parameters<typeof commentStateOf>[0];
}) {
  const updatedAt = new Date(entry.updatedAt).toISOString();
  return { id: entry.id, state: [updatedAt, ...(entry.comment ? commentStateOf(entry.comment).state : [null])] };
}

export function activitiesOf(activities: ActivityFieldsFragment[]) {
  return activities.map(activityOf);
}

/**
 * A nested list item: the Task shape, plus `comments` and `activities` only when the operation asked for them
 * (decisions: Tasks, nested list), so an absent key means "not asked", never "none".
 */
type NestedTask = TaskFieldsFragment & { comments?: CommentFieldsFragment[]; activities?: ActivityFieldsFragment[] };

function nestedTaskOf(item: NestedTask) {
  return withFields(taskOf(item), {
    ...(item.comments && { comments: item.comments.map(commentOf) }),
    ...(item.activities !== undefined && { activities: activitiesOf(item.activities) }),
  });
}

/**
 * What of a nested list item can change, as the entity tag of `nestedTasksEntityTag` names it: the task's update time
 * and how many comments and entries it shows (null when not asked for), then each comment's state
 * (`commentStateOf`) and each entry's (`activityStateOf`).
 */
export function nestedTaskStatesOf(item: {
  id: string;
  updatedAt: string;
  comments?: Parameters<typeof commentStateOf>[0][];
  activities?: Parameters<typeof activityStateOf>[0][];
}) {
  const counts = [item.comments?.length ?? null, item.activities?.length ?? null];
  return [
    { id: item.id, state: [new Date(item.updatedAt).toISOString(), ...counts] },
    ...(item.comments ?? []).map(commentStateOf),
    ...(item.activities ?? []).map(activityStateOf),
  ];
}

export function nestedTaskPageOf(page: GraphPage<NestedTask>) {
  return { data: page.data.map(nestedTaskOf), meta: page.meta };
}

export const taskShape = z.strictObject({
  createdAt: timestamp,
  deletedAt: timestamp.nullable().describe('Always null: deleted tasks are invisible'),
  department: z.strictObject({ code: z.string(), id: z.string(), name: z.string() }).nullable(),
  departmentId: z.string(),
  description: z.string(),
  endDate: z.string(),
  fileId: z.string().nullable(),
  id: z.string(),
  name: z.string(),
  parent_id: z.string().nullable(),
  participants: z.array(
    z.strictObject({ email: z.string(), employeeId: z.string(), id: z.string(), name: z.string() }),
  ),
  priority: z.enum(taskPriorities),
  projectId: z.string(),
  project_code: z.string(),
  project_id: z.string(),
  status: z.string(),
  tags: z.array(z.string()),
  unique_code: z.string().describe('The project code and the task number: `PRJ-12-T7`'),
  updatedAt: timestamp,
});

export const taskPageShape = pageOf(taskShape);

const activityEntry = { id: z.string(), taskId: z.string(), createdAt: timestamp, updatedAt: timestamp };

export const activityShape = z
  .union([
    z.strictObject({
      ...activityEntry,
      comment: commentShape.describe('An added comment, as the comments list shows it'),
    }),
    z.strictObject({
      ...activityEntry,
      history: z.strictObject({
        id: z.string(),
        type: z.string().describe('`created`, `updated`, `status_changed`, `deleted` or `comment_deleted`'),
        actorId: z.string(),
        actor: personShape,
        changedAt: timestamp,
        from: z.record(z.unknown()),
        to: z.record(z.unknown()),
      }),
    }),
  ])
  .describe('Either `comment` (an added comment) or `history` (any other change of the task)');

export const nestedTaskPageShape = pageOf(
  taskShape.extend({
    comments: z.array(commentShape).optional().describe('Only when includeComments=true'),
    activities: z.array(activityShape).optional().describe('Only when includeActivities=true'),
  }),
);
