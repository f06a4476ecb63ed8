import type { Task } from './task.entity.js';
import type { TaskChanges } from './task.repository.js';
import type { WebhookRecord } from '../webhooks/webhook-events.js';

/** Field values as the API shows them: strings, string lists or null. */
export type ChangedFields = Record<string, string | string[] | null>;

/**
 * The task a change is about: its entry belongs to the task and goes out on the task's project; its webhook event
 * carries the task as it is after the change (`taskRecord`).
 */
export type ChangedTask = Task;

/** What a user did to a task's own fields (its comments' changes are the comments' own, comments/). */
export type TaskChangeType = 'created' | 'updated' | 'status_changed' | 'deleted';

/** Stages the entry of a user's change of a task in the change's open transaction. */
export type RecordTaskChange = (actorUserId: number, task: ChangedTask, type: TaskChangeType, diff: FieldDiff) => void;

/**
 * Where a task's changes are recorded, each in one transaction with the change: declared here and implemented by
 * the activity log (activities/), which shows tasks and their comments, so tasks/ imports no activity.
 */
export interface TaskChangeLog {
  change<T>(work: (record: RecordTaskChange) => Promise<T>): Promise<T>;
}

/** The fields an activity entry may name, as the API shows them (dates as ISO strings). */
export function taskFields(task: Task, participantIds: string[]): ChangedFields {
  return {
    name: task.name,
    description: task.description,
    endDate: task.endDate.toISOString(),
    fileId: task.fileId,
    parentId: task.parentId,
    departmentId: task.departmentId,
    participantIds,
    priority: task.priority,
    status: task.status,
    tags: task.tags,
  };
}

export interface SentChanges extends TaskChanges {
  participantIds?: string[];
}

export interface FieldDiff {
  from: ChangedFields;
  to: ChangedFields;
}

/**
 * Only the sent fields whose value differs from the current one: an activity entry holds exactly the changed
 * fields, and an update that changes nothing writes nothing (decisions: Project and task service).
 */
export function diffOf(current: ChangedFields, sent: SentChanges): FieldDiff {
  const after = taskFieldsOfChanges(sent);
  const diff: FieldDiff = { from: {}, to: {} };
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined || JSON.stringify(current[key]) === JSON.stringify(value)) continue;
    diff.from[key] = current[key] ?? null;
    diff.to[key] = value;
  }
  return diff;
}

function taskFieldsOfChanges(sent: SentChanges): Partial<ChangedFields> {
  return { ...sent, endDate: sent.endDate?.toISOString() } as Partial<ChangedFields>;
}

/**
 * A task as its webhook event carries it: the task's own fields under the REST API's names (rest-adapters
 * task.shapes.ts `taskOf`); the department and participants, which REST shows with the auth directory's names, are
 * left out (decisions: Dashboards that integrate (issue 28)).
 */
export function taskRecord(task: Task): WebhookRecord {
  return {
    id: task.id,
    unique_code: task.uniqueCode,
    name: task.name,
    description: task.description,
    endDate: task.endDate.toISOString(),
    fileId: task.fileId,
    parent_id: task.parentId,
    projectId: task.projectId,
    project_id: task.projectId,
    project_code: task.uniqueCode.slice(0, task.uniqueCode.lastIndexOf('-T')),
    departmentId: task.departmentId,
    priority: task.priority,
    status: task.status,
    tags: task.tags,
    createdAt: task.createdAt.toISOString(),
    updatedAt: task.updatedAt.toISOString(),
    deletedAt: task.deletedAt?.toISOString() ?? null,
  };
}

/** An update's previous values under the REST API's names (`parentId` is `parent_id` there). */
export function previousTaskValues(diff: FieldDiff): WebhookRecord {
  const { parentId, ...rest } = diff.from;
  return parentId === undefined ? rest : { ...rest, parent_id: parentId };
}
