import type { EntityManager } from '@mikro-orm/postgresql';
import { runStatement, type PreparedStatement } from '@platform/lib/database';
import { Expense, type ExpenseCategory } from './expense.entity.js';

export type NewExpense = Pick<Expense, 'projectId' | 'amount' | 'currency' | 'category' | 'description' | 'incurredAt'>;

const totalsStatement: PreparedStatement = {
  name: 'projects.expense.totals_by_category',
  text: 'select "category", sum("amount") as "total" from "projects"."expense" where "project_id" = $1 group by "category"',
};

/**
 * The version of the live project $1's (by its code) expenses: its currency and the sum per category, one row per
 * category that has expenses (one row of nulls when none has), no row when the project is unknown or deleted. The
 * answer's own values, read with the project's lookup in one statement where the answer takes two.
 */
const versionStatement: PreparedStatement = {
  name: 'projects.expense.version_of_project',
  text: `with "project" as (
      select "id", "currency" from "projects"."project" where "unique_code" = $1 and "deleted_at" is null)
    select p."currency", e."category", e."total"
    from "project" p
    left join lateral (
      select "category", sum("amount") as "total" from "projects"."expense" where "project_id" = p."id"
      group by "category") e on true`,
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

  /**
   * A live project's currency and its sums per category (`versionStatement`), as the summary reads them in two
   * statements: null when the project is unknown or deleted.
   */
  async versionOfProject(
    uniqueCode: string,
  ): Promise<{ currency: string; totals: Map<ExpenseCategory, number> } | null> {
    const rows = await runStatement<{ currency: string; category: ExpenseCategory | null; total: string | null }>(
      this.em,
      versionStatement,
      [uniqueCode],
    );
    if (rows.length === 0) return null;
    const totals = rows.flatMap((row) => (row.category === null ? [] : [[row.category, Number(row.total)] as const]));
    return { currency: rows[0]!.currency, totals: new Map(totals) };
  }
}
