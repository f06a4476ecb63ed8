import { isoOf } from '@platform/lib/shown-time';
import type { TaskParticipant } from './task.entity.js';
import type { TaskRow } from './task.repository.js';
import type { TaskParticipantType, TaskType } from './task.types.js';

/** The project's code is the task code without its `-T<n>` suffix: project codes never change. */
function projectCodeOf(task: TaskRow): string {
  return task.uniqueCode.slice(0, task.uniqueCode.lastIndexOf('-T'));
}

/** A task as the graph shows it: an entity, or a read-only page's row. */
export function taskView(task: TaskRow): TaskType {
  return {
    id: task.id,
    uniqueCode: task.uniqueCode,
    name: task.name,
    description: task.description,
    endDate: isoOf(task.endDate),
    fileId: task.fileId,
    parentId: task.parentId,
    projectId: task.projectId,
    projectCode: projectCodeOf(task),
    departmentId: task.departmentId,
    priority: task.priority,
    status: task.status,
    tags: task.tags,
    createdAt: isoOf(task.createdAt),
    updatedAt: isoOf(task.updatedAt),
    deletedAt: task.deletedAt === null ? null : isoOf(task.deletedAt),
  };
}

export function taskParticipantView(row: TaskParticipant): TaskParticipantType {
  return { id: row.id, employeeId: row.employeeId };
}
