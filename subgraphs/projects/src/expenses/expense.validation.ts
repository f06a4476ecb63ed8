import { text, z } from '@platform/lib/validation';
import { currency, isoDate } from '../projects/project.validation.js';
import { expenseCategories } from './expense.entity.js';

export const addExpenseInput = z.object({
  projectId: text(64),
  amount: z
    .number({ invalid_type_error: 'must be a number' })
    .positive('must be greater than 0')
    // The smallest amount of 2 decimals; below it (1e-320 is positive) nothing would be stored but 0.00.
    .min(0.01, 'must be at least 0.01')
    .max(1e13, 'is too large')
    .refine((amount) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6, 'must have at most 2 decimals'),
  /** Absent: the project's currency. */
  currency: currency.nullish(),
  category: z.enum(expenseCategories, {
    errorMap: () => ({ message: `must be one of ${expenseCategories.join(', ')}` }),
  }),
  description: z
    .string()
    .max(10_000, 'must be at most 10000 characters')
    .nullish()
    .transform((value) => value ?? ''),
  incurredAt: isoDate,
});
