import { text, uuid, z } from '@platform/lib/validation';
import { oneOf, sortedPageInput } from '../listing/list.validation.js';
import { isoDate } from '../projects/project.validation.js';
import { taskPriorities } from '@platform/lib/contract/project-values';

export const taskPriority = oneOf([...taskPriorities]);

/** Task status is a free string (projects spec, States and transitions). */
const status = text(64);
const description = z.string().max(10_000, 'must be at most 10000 characters');

/** Repeated ids are kept once, in first-seen order. */
const idList = z
  .array(uuid)
  .max(100, 'must have at most 100 entries')
  .transform((ids) => [...new Set(ids)]);

/** Repeated tags are kept once; blank tags are refused. */
const tags = z
  .array(text(64))
  .max(50, 'must have at most 50 entries')
  .transform((values) => [...new Set(values)]);

export const createTaskInput = z.object({
  projectUniqueCode: text(32),
  name: text(255),
  description: description.nullish().transform((value) => value ?? ''),
  endDate: isoDate,
  fileId: uuid.nullish().transform((value) => value ?? null),
  parentId: uuid.nullish().transform((value) => value ?? null),
  departmentId: uuid,
  participantIds: idList.nullish().transform((ids) => ids ?? []),
  priority: taskPriority,
  status,
  tags: tags.nullish().transform((values) => values ?? []),
});

/** PATCH: absent keeps a field; `parentId: null` makes the task top level, `""` is refused (decisions). */
export const updateTaskInput = z.object({
  name: text(255).optional(),
  description: description.optional(),
  endDate: isoDate.optional(),
  departmentId: uuid.optional(),
  parentId: uuid.nullable().optional(),
  participantIds: idList.optional(),
  priority: taskPriority.optional(),
  status: status.optional(),
  tags: tags.optional(),
});

export const statusInput = z.object({ status });

export const sortableTaskFields = [
  'createdAt',
  'updatedAt',
  'name',
  'uniqueCode',
  'endDate',
  'priority',
  'status',
] as const;

export const listTasksInput = sortedPageInput([...sortableTaskFields]).extend({
  status: z.string().max(64, 'must be at most 64 characters').optional(),
  priority: taskPriority.optional(),
  departmentId: uuid.optional(),
});
