import type { DirectoryReferences } from './directory.repository.js';
import { UnknownDepartmentError, UnknownParticipantError } from './directory.errors.js';

/** Absent (a PATCH without the field) checks nothing; an empty list names no one. */
export async function refuseUnknownParticipants(
  directory: DirectoryReferences,
  ids: readonly string[] | undefined,
): Promise<void> {
  if (ids && !(await directory.allEmployees(ids))) throw new UnknownParticipantError();
}

export async function refuseUnknownDepartment(directory: DirectoryReferences, id: string | undefined): Promise<void> {
  if (id && !(await directory.isDepartment(id))) throw new UnknownDepartmentError();
}
