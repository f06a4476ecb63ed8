import { freeFormObject, text, uuid, z } from '@platform/lib/validation';
import { oneOf, sortedPageInput } from '../listing/list.validation.js';
import { contractValueMax, projectProgresses, projectStatuses } from '@platform/lib/contract/project-values';

export const projectStatus = oneOf([...projectStatuses]);
export const projectProgress = oneOf([...projectProgresses]);

/** ISO 4217 style: three letters, stored upper-case so that expense currencies compare equal. */
export const currency = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, 'must be a 3-letter currency code')
  .transform((code) => code.toUpperCase());

/** Whether the date part names a day of the calendar: Date.parse takes 2030-02-31 as March 3. */
function isCalendarDay(value: string): boolean {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const lastOfMonth = new Date(0);
  lastOfMonth.setUTCFullYear(year, month, 0);
  const daysInMonth = lastOfMonth.getUTCDate();
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth;
}

/** A calendar date or an ISO 8601 date-time; answered back as an ISO timestamp. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/, 'must be an ISO 8601 date')
  .refine((value) => isCalendarDay(value) && !Number.isNaN(Date.parse(value)), 'must be an ISO 8601 date')
  .transform((value) => new Date(value));

/** Repeated ids are kept once, in first-seen order. */
const idList = z
  .array(uuid)
  .max(100, 'must have at most 100 entries')
  .transform((ids) => [...new Set(ids)]);

const contractValue = z
  .number({ invalid_type_error: 'must be an integer' })
  .int('must be an integer')
  .min(0, 'must be at least 0')
  .max(contractValueMax, `must be at most ${contractValueMax}`);

const description = z.string().max(10_000, 'must be at most 10000 characters');

const productInput = z.object({
  name: text(255),
  description: description.nullish().transform((value) => value ?? ''),
  productType: text(64)
    .nullish()
    .transform((value) => value ?? 'general'),
  status: text(64)
    .nullish()
    .transform((value) => value ?? 'active'),
  attributes: freeFormObject()
    .nullish()
    .transform((value) => value ?? {}),
});

export const createProjectInput = z.object({
  name: text(255),
  description: description.nullish().transform((value) => value ?? ''),
  contractValue,
  currency: currency.nullish(),
  customerId: uuid,
  replyDate: isoDate,
  participantIds: idList.nullish().transform((ids) => ids ?? []),
  documentFileIds: idList.nullish().transform((ids) => ids ?? []),
  products: z
    .array(productInput)
    .max(100, 'must have at most 100 entries')
    .nullish()
    .transform((products) => products ?? []),
});

/** PATCH: an absent field stays as it is; a present one is checked like on create. */
export const updateProjectInput = z.object({
  name: text(255).optional(),
  description: description.optional(),
  contractValue: contractValue.optional(),
  currency: currency.optional(),
  replyDate: isoDate.optional(),
  participantIds: idList.optional(),
  documentFileIds: idList.optional(),
  status: projectStatus.optional(),
  progress: projectProgress.optional(),
});

export const progressInput = z.object({ progress: projectProgress });

export const sortableFields = [
  'createdAt',
  'updatedAt',
  'name',
  'uniqueCode',
  'contractValue',
  'replyDate',
  'status',
  'progress',
] as const;

export const listProjectsInput = sortedPageInput([...sortableFields]).extend({
  status: projectStatus.optional(),
  customerId: uuid.optional(),
});
