import type { Task, TaskParticipant } from './task.entity.js';
import type { TaskParticipantType, TaskType } from './task.types.js';

/** The project's code is the task code without its `-T<n>` suffix: project codes never change. */
function projectCodeOf(task: Task): string {
  return task.uniqueCode.slice(0, task.uniqueCode.lastIndexOf('-T'));
}

export function taskView(task: Task): TaskType {
  return {
    id: task.id,
    uniqueCode: task.uniqueCode,
    name: task.name,
    description: task.description,
    endDate: task.endDate.toISOString(),
    fileId: task.fileId,
    parentId: task.parentId,
    projectId: task.projectId,
    projectCode: projectCodeOf(task),
    departmentId: task.departmentId,
    priority: task.priority,
    status: task.status,
    tags: task.tags,
    createdAt: task.createdAt.toISOString(),
    updatedAt: task.updatedAt.toISOString(),
    deletedAt: task.deletedAt?.toISOString() ?? null,
  };
}

export function taskParticipantView(row: TaskParticipant): TaskParticipantType {
  return { id: row.id, employeeId: row.employeeId };
}
