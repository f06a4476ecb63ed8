import type { EntityManager } from '@mikro-orm/postgresql';
import type { ProjectService } from '../projects/project.service.js';
import { ExpenseRepository } from './expense.repository.js';
import { ExpenseService } from './expense.service.js';

/** How expenses are built for a request (context.ts). */
export const expenseWiring = {
  expenseRows: (scope: { em: EntityManager }) => new ExpenseRepository(scope.em),
  expenses: (scope: { expenseRows: ExpenseRepository; projects: ProjectService }) =>
    new ExpenseService({ expenses: scope.expenseRows, projects: scope.projects }),
};
