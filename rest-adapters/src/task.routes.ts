import { versionTagOf } from '@platform/lib/entity-tag';
import { z } from '@platform/lib/validation';
import { pageQuery, queryText, sortedPageQuery } from './paging.js';
import { graphql } from './generated/index.js';
import { defineRoutes, route } from './route.js';
import { messageShape } from './response.shapes.js';
import {
  activitiesOf,
  activityShape,
  activityStateOf,
  nestedTaskPageOf,
  nestedTaskPageShape,
  nestedTaskStatesOf,
  taskOf,
  taskPageOf,
  taskPageShape,
  taskShape,
} from './task.shapes.js';

const text = z.string({ required_error: 'is required', invalid_type_error: 'must be a string' });
const strings = z.array(text, { invalid_type_error: 'must be an array of strings' });

/** Shapes only: the projects subgraph applies the rules (ranges, enums, references) for REST and GraphQL. */
const createBody = z.object({
  projectUniqueCode: text,
  name: text,
  description: text.nullish(),
  endDate: text,
  fileId: text.nullish(),
  parentId: text.nullish(),
  departmentId: text,
  participantIds: strings.nullish(),
  priority: text,
  status: text,
  tags: strings.nullish(),
});

/** `parentId`: absent keeps the parent, null makes the task top level, "" is refused by the service. */
const updateBody = z.object({
  name: text.optional(),
  description: text.optional(),
  endDate: text.optional(),
  departmentId: text.optional(),
  parentId: text.nullable().optional(),
  participantIds: strings.optional(),
  priority: text.optional(),
  status: text.optional(),
  tags: strings.optional(),
});

/** Bulk bodies: each item of the shape of one; the subgraph bounds the count (1 to 100) and names `tasks.<i>.<field>`. */
const bulkCreateBody = z.object({ tasks: z.array(createBody, { invalid_type_error: 'must be an array' }) });
const bulkUpdateBody = z.object({
  tasks: z.array(updateBody.extend({ unique_code: text }), { invalid_type_error: 'must be an array' }),
});
const taskListShape = z.strictObject({ data: z.array(taskShape) });

const listQuery = sortedPageQuery.extend({
  status: queryText.optional(),
  priority: queryText.optional(),
  departmentId: queryText.optional(),
});

/** 'true' or 'false' as query strings are text; absent means false (decisions: Tasks, nested list). */
const queryFlag = z
  .enum(['true', 'false'], { errorMap: () => ({ message: "must be 'true' or 'false'" }) })
  .transform((value) => value === 'true')
  .optional();

const nestedQuery = pageQuery.pick({ page: true, limit: true }).extend({
  projectId: text.min(1, 'is required'),
  includeComments: queryFlag,
  includeActivities: queryFlag,
});

const myQuery = listQuery.pick({ page: true, limit: true, search: true, status: true, priority: true });
const codeParams = z.object({ unique_code: z.string() });

/** Task operations of the projects spec at the paths of decisions.md; single objects bare, lists paged. */
export const taskRoutes = defineRoutes([
  route({
    method: 'POST',
    url: '/api/v1/tasks',
    summary: 'Create a task in a project (its code is the project code and the next number: PRJ-12-T7)',
    tag: 'tasks',
    auth: 'bearer',
    body: createBody,
    operation: graphql(`
      mutation CreateTask($input: CreateTaskInput!) {
        createTask(input: $input) {
          ...TaskFields
        }
      }
    `),
    variables: ({ body }) => ({ input: body }),
    response: taskShape,
    result: (data) => taskOf(data.createTask),
    status: 201,
  }),
  route({
    method: 'POST',
    url: '/api/v1/tasks/bulk',
    summary: 'Create up to 100 tasks at once, all or none; a refusal names the item and field (tasks.3.name)',
    tag: 'tasks',
    auth: 'bearer',
    body: bulkCreateBody,
    operation: graphql(`
      mutation CreateTasks($tasks: [CreateTaskInput!]!) {
        createTasks(tasks: $tasks) {
          ...TaskFields
        }
      }
    `),
    variables: ({ body }) => ({ tasks: body.tasks }),
    response: taskListShape,
    result: (data) => ({ data: data.createTasks.map(taskOf) }),
    status: 201,
  }),
  route({
    method: 'PATCH',
    url: '/api/v1/tasks/bulk',
    summary: 'Update up to 100 tasks at once ({ unique_code, ...changes } each), all or none',
    tag: 'tasks',
    auth: 'bearer',
    body: bulkUpdateBody,
    operation: graphql(`
      mutation UpdateTasks($tasks: [UpdateTasksItemInput!]!) {
        updateTasks(tasks: $tasks) {
          ...TaskFields
        }
      }
    `),
    variables: ({ body }) => ({
      tasks: body.tasks.map(({ unique_code: uniqueCode, ...changes }) => ({ uniqueCode, ...changes })),
    }),
    response: taskListShape,
    result: (data) => ({ data: data.updateTasks.map(taskOf) }),
  }),
  route({
    method: 'GET',
    url: '/api/v1/tasks/my',
    summary: "Tasks in which the caller's employee is a participant (page, limit, search, status, priority)",
    tag: 'tasks',
    auth: 'bearer',
    query: myQuery,
    operation: graphql(`
      query MyTasks($page: Int, $limit: Int, $search: String, $status: String, $priority: String) {
        myTasks(page: $page, limit: $limit, search: $search, status: $status, priority: $priority) {
          data {
            ...TaskFields
          }
          meta {
            ...PageMetaFields
          }
        }
      }
    `),
    variables: ({ query }) => query,
    response: taskPageShape,
    result: (data) => taskPageOf(data.myTasks),
    version: {
      operation: graphql(`
        query MyTasksEntityTag($page: Int, $limit: Int, $search: String, $status: String, $priority: String) {
          myTasksEntityTag(page: $page, limit: $limit, search: $search, status: $status, priority: $priority)
        }
      `),
      variables: ({ query }) => query,
      tag: (data) => data.myTasksEntityTag,
      bodyTag: ({ data, meta }) => versionTagOf({ kind: 'task-page', items: data, page: meta }),
    },
  }),
  route({
    method: 'GET',
    url: '/api/v1/tasks/nested',
    summary: "A project's tasks, newest first, with their comments and activities when asked for",
    tag: 'tasks',
    auth: 'bearer',
    query: nestedQuery,
    operation: graphql(`
      query NestedTasks(
        $projectId: String!
        $page: Int
        $limit: Int
        $includeComments: Boolean!
        $includeActivities: Boolean!
      ) {
        nestedTasks(projectId: $projectId, page: $page, limit: $limit) {
          data {
            ...TaskFields
            comments @include(if: $includeComments) {
              ...CommentFields
            }
            activities @include(if: $includeActivities) {
              ...ActivityFields
            }
          }
          meta {
            ...PageMetaFields
          }
        }
      }
    `),
    variables: ({ query }) => ({
      ...query,
      includeComments: query.includeComments === true,
      includeActivities: query.includeActivities === true,
    }),
    response: nestedTaskPageShape,
    result: (data) => nestedTaskPageOf(data.nestedTasks),
    version: {
      operation: graphql(`
        query NestedTasksEntityTag(
          $projectId: String!
          $page: Int
          $limit: Int
          $includeComments: Boolean!
          $includeActivities: Boolean!
        ) {
          nestedTasksEntityTag(
            projectId: $projectId
            page: $page
            limit: $limit
            includeComments: $includeComments
            includeActivities: $includeActivities
          )
        }
      `),
      variables: ({ query }) => ({
        ...query,
        includeComments: query.includeComments === true,
        includeActivities: query.includeActivities === true,
      }),
      tag: (data) => data.nestedTasksEntityTag,
      describes:
        "A strong tag of the page's version: its window, its total and, for each task in order, its id and " +
        '`updatedAt`, then, when they are asked for, each of its comments as the comments list names them (deletion, ' +
        "likes, dislikes, the caller's own reaction) and each of its activity entries as the history names them: it " +
        'changes when any of these does or a comment or entry is added. Names of people and departments shown are ' +
        'not part of it',
      bodyTag: ({ data, meta }) =>
        versionTagOf({ kind: 'nested-task-page', items: data.flatMap(nestedTaskStatesOf), page: meta }),
    },
  }),
  route({
    method: 'GET',
    url: '/api/v1/tasks/projects/:projectId/tasks',
    summary: "List a project's tasks (projectId: id or uniqueCode; page, limit, search, sort and filters)",
    tag: 'tasks',
    auth: 'bearer',
    params: z.object({ projectId: z.string() }),
    query: listQuery,
    operation: graphql(`
      query ProjectTasks(
        $projectId: String!
        $page: Int
        $limit: Int
        $search: String
        $sortBy: String
        $sortOrder: String
        $status: String
        $priority: String
        $departmentId: String
      ) {
        projectTasks(
          projectId: $projectId
          page: $page
          limit: $limit
          search: $search
          sortBy: $sortBy
          sortOrder: $sortOrder
          status: $status
          priority: $priority
          departmentId: $departmentId
        ) {
          data {
            ...TaskFields
          }
          meta {
            ...PageMetaFields
          }
        }
      }
    `),
    variables: ({ params, query }) => ({ projectId: params.projectId, ...query }),
    response: taskPageShape,
    result: (data) => taskPageOf(data.projectTasks),
    version: {
      operation: graphql(`
        query ProjectTasksEntityTag(
          $projectId: String!
          $page: Int
          $limit: Int
          $search: String
          $sortBy: String
          $sortOrder: String
          $status: String
          $priority: String
          $departmentId: String
        ) {
          projectTasksEntityTag(
            projectId: $projectId
            page: $page
            limit: $limit
            search: $search
            sortBy: $sortBy
            sortOrder: $sortOrder
            status: $status
            priority: $priority
            departmentId: $departmentId
          )
        }
      `),
      variables: ({ params, query }) => ({ projectId: params.projectId, ...query }),
      tag: (data) => data.projectTasksEntityTag,
      bodyTag: ({ data, meta }) => versionTagOf({ kind: 'task-page', items: data, page: meta }),
    },
  }),
  route({
    method: 'GET',
    url: '/api/v1/tasks/:unique_code',
    summary: 'Get a task by its code',
    tag: 'tasks',
    auth: 'bearer',
    params: codeParams,
    operation: graphql(`
      query Task($uniqueCode: String!) {
        task(uniqueCode: $uniqueCode) {
          ...TaskFields
        }
      }
    `),
    variables: ({ params }) => ({ uniqueCode: params.unique_code }),
    response: taskShape,
    result: (data) => taskOf(data.task),
    version: {
      operation: graphql(`
        query TaskEntityTag($uniqueCode: String!) {
          taskEntityTag(uniqueCode: $uniqueCode)
        }
      `),
      variables: ({ params }) => ({ uniqueCode: params.unique_code }),
      tag: (data) => data.taskEntityTag,
      bodyTag: (task) => versionTagOf({ kind: 'task', items: [task] }),
    },
  }),
  route({
    method: 'PATCH',
    url: '/api/v1/tasks/:unique_code',
    guardedBy: '/api/v1/tasks/:unique_code',
    summary: 'Update a task (only the fields sent; parentId null makes it top level)',
    tag: 'tasks',
    auth: 'bearer',
    params: codeParams,
    body: updateBody,
    operation: graphql(`
      mutation UpdateTask($uniqueCode: String!, $input: UpdateTaskInput!, $expectedUpdatedAt: String) {
        updateTask(uniqueCode: $uniqueCode, input: $input, expectedUpdatedAt: $expectedUpdatedAt) {
          ...TaskFields
        }
      }
    `),
    variables: ({ params, body, readVersion }) => ({
      uniqueCode: params.unique_code,
      input: body,
      expectedUpdatedAt: readVersion,
    }),
    response: taskShape,
    result: (data) => taskOf(data.updateTask),
  }),
  route({
    method: 'PUT',
    url: '/api/v1/tasks/:unique_code/status',
    guardedBy: '/api/v1/tasks/:unique_code',
    summary: "Set a task's status (a free string)",
    tag: 'tasks',
    auth: 'bearer',
    params: codeParams,
    body: z.object({ status: text }),
    operation: graphql(`
      mutation UpdateTaskStatus($uniqueCode: String!, $status: String!, $expectedUpdatedAt: String) {
        updateTaskStatus(uniqueCode: $uniqueCode, status: $status, expectedUpdatedAt: $expectedUpdatedAt) {
          ...TaskFields
        }
      }
    `),
    variables: ({ params, body, readVersion }) => ({
      uniqueCode: params.unique_code,
      ...body,
      expectedUpdatedAt: readVersion,
    }),
    response: taskShape,
    result: (data) => taskOf(data.updateTaskStatus),
  }),
  route({
    method: 'DELETE',
    url: '/api/v1/tasks/:unique_code',
    guardedBy: '/api/v1/tasks/:unique_code',
    summary: 'Delete a task (soft: it disappears from every read)',
    tag: 'tasks',
    auth: 'bearer',
    params: codeParams,
    operation: graphql(`
      mutation DeleteTask($uniqueCode: String!, $expectedUpdatedAt: String) {
        deleteTask(uniqueCode: $uniqueCode, expectedUpdatedAt: $expectedUpdatedAt) {
          message
        }
      }
    `),
    variables: ({ params, readVersion }) => ({ uniqueCode: params.unique_code, expectedUpdatedAt: readVersion }),
    response: messageShape,
    result: (data) => data.deleteTask,
  }),
  route({
    method: 'GET',
    url: '/api/v1/tasks/:unique_code/activities',
    summary: "A task's activity history, oldest first",
    tag: 'tasks',
    auth: 'bearer',
    params: codeParams,
    operation: graphql(`
      query TaskActivities($uniqueCode: String!) {
        taskActivities(uniqueCode: $uniqueCode) {
          ...ActivityFields
        }
      }
    `),
    variables: ({ params }) => ({ uniqueCode: params.unique_code }),
    response: z.array(activityShape),
    result: (data) => activitiesOf(data.taskActivities),
    version: {
      operation: graphql(`
        query TaskActivitiesEntityTag($uniqueCode: String!) {
          taskActivitiesEntityTag(uniqueCode: $uniqueCode)
        }
      `),
      variables: ({ params }) => ({ uniqueCode: params.unique_code }),
      tag: (data) => data.taskActivitiesEntityTag,
      describes:
        "A strong tag of the history's version: each entry's id and `updatedAt` in order and, for an entry that shows " +
        "an added comment, that comment's deletion, likes, dislikes and the caller's own reaction: it changes when an " +
        'entry is added or any of these changes. Names of people shown are not part of it',
      bodyTag: (entries) => versionTagOf({ kind: 'activity-list', items: entries.map(activityStateOf) }),
    },
  }),
]);
