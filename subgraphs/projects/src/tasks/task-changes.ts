import type { ChangedFields } from '../activities/activity.entity.js';
import type { Task } from './task.entity.js';
import type { TaskChanges } from './task.repository.js';

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
