import { eachRequestFromNewIp } from './client-address.js';
import { httpClient, type HttpClient } from './client.js';
import { startIsolatedServer } from './harness.js';
import { projectsTestKit } from './projects-kit.js';

/** The spec's Task keys, in the REST shape (snake_case where the spec writes them so). */
export const taskKeys = [
  'createdAt',
  'deletedAt',
  'department',
  'departmentId',
  'description',
  'endDate',
  'fileId',
  'id',
  'name',
  'parent_id',
  'participants',
  'priority',
  'projectId',
  'project_code',
  'project_id',
  'status',
  'tags',
  'unique_code',
  'updatedAt',
].sort();

export const taskParticipantKeys = ['email', 'employeeId', 'id', 'name'];
/** An activity entry of a change, and of an added comment (projects spec, Activity: `history` or `comment`). */
export const activityKeys = ['createdAt', 'history', 'id', 'taskId', 'updatedAt'];
export const commentActivityKeys = ['comment', 'createdAt', 'id', 'taskId', 'updatedAt'];
export const historyKeys = ['actor', 'actorId', 'changedAt', 'from', 'id', 'to', 'type'];
export const commentKeys = [
  'actor',
  'actorId',
  'attachments',
  'content',
  'createdAt',
  'dislikes',
  'id',
  'isDeleted',
  'likes',
  'parentId',
  'taskId',
  'userReaction',
];

/** A create-task body with every required field of the spec, for a project and a department. */
export function taskBody(projectUniqueCode: string, departmentId: string, extra: Record<string, unknown> = {}) {
  return {
    projectUniqueCode,
    departmentId,
    name: 'Weld the main beam',
    endDate: '2026-12-20',
    priority: 'high',
    status: 'todo',
    ...extra,
  };
}

/** Creates a task through REST and returns its body; fails loudly on anything but 201. */
export async function createTask(api: HttpClient, token: string, body: Record<string, unknown>) {
  const created = await api.post('/api/v1/tasks', body, { token });
  if (created.status !== 201) throw new Error(`create task: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body as { id: string; unique_code: string } & Record<string, unknown>;
}

/**
 * The people a tasks test needs on a running server: a writer (an employee in a department of its own), a
 * reader, a user without rights, and a customer to hang projects on.
 */
export async function taskBoardOn(baseUrl: string, writerPermissions: string[]) {
  const api = eachRequestFromNewIp(httpClient(baseUrl));
  const kit = await projectsTestKit(api);
  const writer = await kit.employee(writerPermissions);
  const reader = await kit.user(['tasks:read']);
  const nobody = await kit.user([]);
  const customerId = (await kit.customer('Acme Steel')).id;

  async function project(extra: Record<string, unknown> = {}) {
    const created = await api.post('/api/v1/projects', kit.projectBody(customerId, extra), { token: writer.token });
    if (created.status !== 201) throw new Error(`create project: ${created.status} ${JSON.stringify(created.body)}`);
    return created.body as { id: string; uniqueCode: string };
  }
  const body = (code: string, extra: Record<string, unknown> = {}) => taskBody(code, writer.department.id, extra);
  const task = (code: string, extra: Record<string, unknown> = {}) => createTask(api, writer.token, body(code, extra));
  /** A task in a project of its own: the unique code. */
  const newTask = async () => (await task((await project()).uniqueCode)).unique_code;
  /** The writer's comment on the task: its id. */
  async function comment(code: string, content: string) {
    const added = await api.post(`/api/v1/tasks/${code}/comments`, { content }, { token: writer.token });
    if (added.status !== 201) throw new Error(`add comment: ${added.status} ${JSON.stringify(added.body)}`);
    return added.body.id as string;
  }
  /** Toggles the caller's reaction (`like` or `dislike`) to a comment of the task. */
  async function react(code: string, commentId: string, type: string, token: string) {
    const toggled = await api.post(`/api/v1/tasks/${code}/comments/toggle-like`, { commentId, type }, { token });
    if (toggled.status !== 200) throw new Error(`toggle reaction: ${toggled.status} ${JSON.stringify(toggled.body)}`);
  }

  return { api, kit, writer, reader, nobody, customerId, project, body, task, newTask, comment, react };
}

/** A server on a fresh database with the people of taskBoardOn. */
export async function startTaskBoard(writerPermissions: string[]) {
  const server = await startIsolatedServer();
  return { server, ...(await taskBoardOn(server.url, writerPermissions)) };
}

export type TaskBoard = Awaited<ReturnType<typeof startTaskBoard>>;
