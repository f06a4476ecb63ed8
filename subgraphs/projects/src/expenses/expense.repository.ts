import type { EntityManager } from '@mikro-orm/postgresql';
import { runStatement, type PreparedStatement } from '@platform/lib/database';
import { Expense, type ExpenseCategory } from './expense.entity.js';

export type NewExpense = Pick<Expense, 'projectId' | 'amount' | 'currency' | 'category' | 'description' | 'incurredAt'>;

const totalsStatement: PreparedStatement = {
  name: 'projects.expense.totals_by_category',
  text: 'select "category", sum("amount") as "total" from "projects"."expense" where "project_id" = $1 group by "category"',
};

/** The expense table. */
export class ExpenseRepository {
  constructor(private readonly em: EntityManager) {}

  async add(values: NewExpense): Promise<Expense> {
    const expense = this.em.create(Expense, values);
    await this.em.flush();
    return expense;
  }

  /**
   * Sum per category, summed by the database in numeric so that cents never drift (hand-written: the entity
   * manager has no grouped sum).
   */
  async totalsByCategory(projectId: string): Promise<Map<ExpenseCategory, number>> {
    const rows = await runStatement<{ category: ExpenseCategory; total: string }>(
      this.em,
      totalsStatement,
      [projectId],
      {
        joinTransaction: true,
      },
    );
    return new Map(rows.map((row) => [row.category, Number(row.total)]));
  }
}
