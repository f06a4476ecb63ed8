import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { userWithPermission } from '@platform/lib/graphql/context';
import type { ProjectsContext } from '../context.js';
import { AddProjectExpenseInput, ExpenseType, ProjectExpenses, expenseView } from './expense.types.js';

@Resolver()
export class ExpenseResolver {
  @Query(() => ProjectExpenses, { description: "Totals per category, in the project's currency" })
  projectExpenses(@Arg('uniqueCode', () => String) uniqueCode: string, @Ctx() ctx: ProjectsContext) {
    userWithPermission(ctx, 'projects:read');
    return ctx.projects.expenses.summary(uniqueCode);
  }

  @Query(() => String, {
    description:
      'The entity tag of `projectExpenses(uniqueCode)`: changes when the currency or any sum per category does',
  })
  projectExpensesEntityTag(@Arg('uniqueCode', () => String) uniqueCode: string, @Ctx() ctx: ProjectsContext) {
    userWithPermission(ctx, 'projects:read');
    return ctx.projects.expenses.summaryTag(uniqueCode);
  }

  @Mutation(() => ExpenseType)
  async addProjectExpense(
    @Arg('input', () => AddProjectExpenseInput) input: AddProjectExpenseInput,
    @Ctx() ctx: ProjectsContext,
  ) {
    userWithPermission(ctx, 'projects:write');
    return expenseView(await ctx.projects.expenses.add({ ...input }));
  }
}
