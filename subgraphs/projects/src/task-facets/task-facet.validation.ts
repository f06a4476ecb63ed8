import { uuid, z } from '@platform/lib/validation';
import { taskPriority } from '../tasks/task.validation.js';

/** At most 100 values per facet: a filter is a handful of choices from a list the server gave. */
const values = <T extends z.ZodTypeAny>(item: T) =>
  z
    .array(item)
    .max(100, 'must have at most 100 values')
    .optional()
    .transform((list) => [...new Set(list ?? [])]);

const word = z.string().trim().min(1, 'must not be empty').max(64, 'must be at most 64 characters');

/**
 * Filter options' input, named as the REST query names it (decisions.md path), so that a refusal names
 * `filters[priority]` on both faces. A blank search is no search.
 */
export const filterOptionsInput = z.object({
  'filters[status]': values(word),
  'filters[priority]': values(taskPriority),
  'filters[departmentId]': values(uuid),
  'filters[tags]': values(word),
  'searches[name]': z
    .string()
    .max(255, 'must be at most 255 characters')
    .optional()
    .transform((value) => value?.trim() || undefined),
});
