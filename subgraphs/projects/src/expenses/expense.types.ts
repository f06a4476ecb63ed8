import { Field, Float, ID, InputType, ObjectType } from 'type-graphql';
import type { Expense } from './expense.entity.js';

@ObjectType('ProjectExpense')
export class ExpenseType {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  projectId!: string;

  @Field(() => Float)
  amount!: number;

  @Field(() => String)
  currency!: string;

  @Field(() => String, { description: '`labor`, `materials` or `other`' })
  category!: string;

  @Field(() => String)
  description!: string;

  @Field(() => String)
  incurredAt!: string;

  @Field(() => String)
  createdAt!: string;
}

@ObjectType()
export class ExpenseBreakdown {
  @Field(() => Float)
  labor!: number;

  @Field(() => Float)
  materials!: number;

  @Field(() => Float)
  other!: number;
}

@ObjectType()
export class ProjectExpenses {
  @Field(() => Float)
  totalExpenses!: number;

  @Field(() => String)
  currency!: string;

  @Field(() => ExpenseBreakdown)
  breakdown!: ExpenseBreakdown;
}

@InputType()
export class AddProjectExpenseInput {
  @Field(() => String, { description: "The project's id or uniqueCode" })
  projectId!: string;

  @Field(() => Float, { description: 'Greater than 0, at most 2 decimals' })
  amount!: number;

  @Field(() => String, { nullable: true, description: "The project's currency (the default)" })
  currency?: string | null;

  @Field(() => String, { description: '`labor`, `materials` or `other`' })
  category!: string;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => String, { description: 'ISO 8601 date or date-time' })
  incurredAt!: string;
}

export function expenseView(expense: Expense): ExpenseType {
  return {
    id: expense.id,
    projectId: expense.projectId,
    amount: expense.amount,
    currency: expense.currency,
    category: expense.category,
    description: expense.description,
    incurredAt: expense.incurredAt.toISOString(),
    createdAt: expense.createdAt.toISOString(),
  };
}
