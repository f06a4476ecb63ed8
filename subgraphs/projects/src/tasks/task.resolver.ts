import { Arg, Args, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { userWithPermission } from '@platform/lib/graphql/context';
import type { UserCaller } from '@platform/lib/auth/caller';
import { shownPage } from '@platform/lib/graphql/page-types';
import type { ProjectsContext } from '../context.js';
import { versionDescription } from '../projects/record-version.js';
import { CreateTaskInput, MyTaskListArgs, TaskListArgs, UpdateTaskInput } from './task.inputs.js';
import { TaskDeletion, TaskPage, TaskType } from './task.types.js';
import { taskView } from './task.views.js';
import type { TaskActor } from './task.service.js';

export const actorOf = (caller: UserCaller): TaskActor => ({
  userId: caller.userId,
  employeeId: caller.employee?.id ?? null,
});

/** Tasks (projects spec; permissions tasks:read, tasks:write; admin implies all). */
@Resolver()
export class TaskResolver {
  @Query(() => TaskPage, { description: 'projectId: id or uniqueCode; page >= 1, limit 1..100 (default 10)' })
  async projectTasks(
    @Ctx() ctx: ProjectsContext,
    @Arg('projectId', () => String) projectId: string,
    @Args(() => TaskListArgs) args: TaskListArgs,
  ) {
    userWithPermission(ctx, 'tasks:read');
    return shownPage(await ctx.projects.tasks.listOfProject(projectId, { ...args }), taskView);
  }

  @Query(() => TaskPage, { description: "Tasks in which the caller's employee is a participant" })
  async myTasks(@Ctx() ctx: ProjectsContext, @Args(() => MyTaskListArgs) args: MyTaskListArgs) {
    const caller = userWithPermission(ctx, 'tasks:read');
    return shownPage(await ctx.projects.tasks.listOfActor(actorOf(caller), { ...args }), taskView);
  }

  @Query(() => TaskType)
  async task(@Arg('uniqueCode', () => String) uniqueCode: string, @Ctx() ctx: ProjectsContext) {
    userWithPermission(ctx, 'tasks:read');
    return taskView(await ctx.projects.tasks.get(uniqueCode));
  }

  @Mutation(() => TaskType)
  async createTask(@Arg('input', () => CreateTaskInput) input: CreateTaskInput, @Ctx() ctx: ProjectsContext) {
    const caller = userWithPermission(ctx, 'tasks:write');
    return taskView(await ctx.projects.tasks.create(actorOf(caller), { ...input }));
  }

  @Mutation(() => TaskType)
  async updateTask(
    @Arg('uniqueCode', () => String) uniqueCode: string,
    @Arg('input', () => UpdateTaskInput) input: UpdateTaskInput,
    @Arg('expectedUpdatedAt', () => String, { nullable: true, description: versionDescription })
    expectedUpdatedAt: string | null,
    @Ctx() ctx: ProjectsContext,
  ) {
    const caller = userWithPermission(ctx, 'tasks:write');
    return taskView(await ctx.projects.tasks.update(actorOf(caller), uniqueCode, { ...input }, expectedUpdatedAt));
  }

  @Mutation(() => TaskType)
  async updateTaskStatus(
    @Arg('uniqueCode', () => String) uniqueCode: string,
    @Arg('status', () => String) status: string,
    @Arg('expectedUpdatedAt', () => String, { nullable: true, description: versionDescription })
    expectedUpdatedAt: string | null,
    @Ctx() ctx: ProjectsContext,
  ) {
    const caller = userWithPermission(ctx, 'tasks:write');
    return taskView(await ctx.projects.tasks.setStatus(actorOf(caller), uniqueCode, status, expectedUpdatedAt));
  }

  @Mutation(() => TaskDeletion, { description: 'Soft delete: the task disappears from every read' })
  async deleteTask(
    @Arg('uniqueCode', () => String) uniqueCode: string,
    @Arg('expectedUpdatedAt', () => String, { nullable: true, description: versionDescription })
    expectedUpdatedAt: string | null,
    @Ctx() ctx: ProjectsContext,
  ) {
    const caller = userWithPermission(ctx, 'tasks:write');
    await ctx.projects.tasks.delete(actorOf(caller), uniqueCode, expectedUpdatedAt);
    return { message: 'Task deleted' };
  }
}
