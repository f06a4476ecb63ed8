import { ValidationError } from '@platform/lib/errors';

/**
 * Totals are in the project's currency and no exchange rates are kept, so an expense in another currency is
 * refused rather than summed (decisions: projects).
 */
export class ExpenseCurrencyMismatchError extends ValidationError {
  constructor(projectCurrency: string) {
    const rule = `must be the project's currency (${projectCurrency})`;
    super(`currency: ${rule}`, [{ path: 'currency', message: rule }]);
  }
}
