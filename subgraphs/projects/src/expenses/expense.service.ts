import { validate } from '@platform/lib/validation';
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
    const totals = await this.deps.expenses.totalsByCategory(project.id);
    const breakdown = Object.fromEntries(
      expenseCategories.map((category) => [category, totals.get(category) ?? 0]),
    ) as Record<ExpenseCategory, number>;
    const total = expenseCategories.reduce((sum, category) => sum + cents(breakdown[category]), 0) / 100;
    return { totalExpenses: total, currency: project.currency, breakdown };
  }
}
