import { randomUUID } from 'node:crypto';
import { DecimalType, Entity, Index, PrimaryKey, Property, type Opt } from '@mikro-orm/core';

export const expenseCategories = ['labor', 'materials', 'other'] as const;
export type ExpenseCategory = (typeof expenseCategories)[number];

/** An expense recorded against a project (decisions: Project and task service). */
@Entity({ tableName: 'expense' })
export class Expense {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Index()
  @Property({ type: 'uuid' })
  projectId!: string;

  /** numeric, not float: sums of money must not drift; read back as a number. */
  @Property({ type: new DecimalType('number'), precision: 16, scale: 2 })
  amount!: number;

  @Property({ type: 'string', length: 3 })
  currency!: string;

  @Property({ type: 'string', length: 16 })
  category!: ExpenseCategory;

  @Property({ type: 'text' })
  description!: string;

  @Property({ type: 'datetime' })
  incurredAt!: Date;

  @Property({ type: 'datetime' })
  createdAt: Date & Opt = new Date();
}
