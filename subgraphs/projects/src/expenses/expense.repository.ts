import { raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Expense, type ExpenseCategory } from './expense.entity.js';

export type NewExpense = Pick<Expense, 'projectId' | 'amount' | 'currency' | 'category' | 'description' | 'incurredAt'>;

/** The expense table. */
export class ExpenseRepository {
  constructor(private readonly em: EntityManager) {}

  async add(values: NewExpense): Promise<Expense> {
    const expense = this.em.create(Expense, values);
    await this.em.flush();
    return expense;
  }

  /** Sum per category, summed by the database in numeric so that cents never drift. */
  async totalsByCategory(projectId: string): Promise<Map<ExpenseCategory, number>> {
    const rows: { category: ExpenseCategory; total: string }[] = await this.em
      .createQueryBuilder(Expense)
      .select(['category', raw('sum(amount) as total')])
      .where({ projectId })
      .groupBy('category')
      .execute();
    return new Map(rows.map((row) => [row.category, Number(row.total)]));
  }
}
