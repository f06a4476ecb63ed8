import { versionTagOf } from '@platform/lib/entity-tag';
import { validate } from '@platform/lib/validation';
import { ProjectNotFoundError } from '../projects/project.errors.js';
import type { ProjectService } from '../projects/project.service.js';
import { expenseCategories, type Expense, type ExpenseCategory } from './expense.entity.js';
import { ExpenseCurrencyMismatchError } from './expense.errors.js';
import type { ExpenseRepository } from './expense.repository.js';
import { addExpenseInput } from './expense.validation.js';

export interface ExpenseSummary {
  totalExpenses: number;
  currency: string;
  breakdown: Record<ExpenseCategory, number>;
}

/** Money in hundredths, so that sums of two-decimal amounts stay exact in a double. */
const cents = (amount: number) => Math.round(amount * 100);

export interface ExpenseServiceDependencies {
  expenses: ExpenseRepository;
  projects: ProjectService;
}

/** Expenses of a project, recorded through the graph and summed in the project's currency. */
export class ExpenseService {
  constructor(private readonly deps: ExpenseServiceDependencies) {}

  async add(input: unknown): Promise<Expense> {
    const values = validate(addExpenseInput, input);
    const project = await this.deps.projects.getByIdOrCode(values.projectId);
    const currency = values.currency ?? project.currency;
    if (currency !== project.currency) throw new ExpenseCurrencyMismatchError(project.currency);
    return this.deps.expenses.add({ ...values, projectId: project.id, currency });
  }

  async summary(uniqueCode: string): Promise<ExpenseSummary> {
    const project = await this.deps.projects.get(uniqueCode);
    return summaryOf(project.currency, await this.deps.expenses.totalsByCategory(project.id));
  }

  /**
   * The entity tag of `summary` (issue 28, conditional requests): the answer is the currency and the sums, so its
   * version is them, read with the project's lookup in one statement (where the answer takes two); an unknown or
   * deleted project is refused as `summary` refuses it.
   */
  async summaryTag(uniqueCode: string): Promise<string> {
    const version = await this.deps.expenses.versionOfProject(uniqueCode);
    if (!version) throw new ProjectNotFoundError();
    const { currency, breakdown } = summaryOf(version.currency, version.totals);
    return versionTagOf({
      kind: 'project-expenses',
      items: [],
      totals: [currency, ...expenseCategories.map((category) => breakdown[category])],
    });
  }
}

/** The summary of a project's sums per category; a category without expenses sums to 0. */
function summaryOf(currency: string, totals: Map<ExpenseCategory, number>): ExpenseSummary {
  const breakdown = Object.fromEntries(
    expenseCategories.map((category) => [category, totals.get(category) ?? 0]),
  ) as Record<ExpenseCategory, number>;
  const total = expenseCategories.reduce((sum, category) => sum + cents(breakdown[category]), 0) / 100;
  return { totalExpenses: total, currency, breakdown };
}
