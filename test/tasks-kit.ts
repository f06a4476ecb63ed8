import type { HttpClient } from './client.js';

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
export const activityKeys = ['createdAt', 'history', 'id', 'taskId', 'updatedAt'];
export const historyKeys = ['actor', 'actorId', 'changedAt', 'from', 'id', 'to', 'type'];

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
