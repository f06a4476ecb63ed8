import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import { userWithPermission } from '@platform/lib/graphql/context';
import type { ProjectsContext } from '../context.js';
import { CreateTaskInput, UpdateTasksItemInput } from './task.inputs.js';
import { actorOf } from './task.resolver.js';
import { TaskType } from './task.types.js';
import { taskView } from './task.views.js';

/** Bulk task changes (issue 28): up to 100 tasks per call, all or none (tasks:write). */
@Resolver()
export class TaskBulkResolver {
  @Mutation(() => [TaskType], {
    description:
      'Up to 100 tasks, each under the rules of createTask, all or none; a refusal names tasks.<index>.<field>',
  })
  async createTasks(@Arg('tasks', () => [CreateTaskInput]) tasks: CreateTaskInput[], @Ctx() ctx: ProjectsContext) {
    const caller = userWithPermission(ctx, 'tasks:write');
    return (
      await ctx.projects.taskBulk.create(
        actorOf(caller),
        tasks.map((task) => ({ ...task })),
      )
    ).map(taskView);
  }

  @Mutation(() => [TaskType], {
    description:
      'Up to 100 tasks, each under the rules of updateTask, all or none; a refusal names tasks.<index>.<field>',
  })
  async updateTasks(
    @Arg('tasks', () => [UpdateTasksItemInput]) tasks: UpdateTasksItemInput[],
    @Ctx() ctx: ProjectsContext,
  ) {
    const caller = userWithPermission(ctx, 'tasks:write');
    return (
      await ctx.projects.taskBulk.update(
        actorOf(caller),
        tasks.map((task) => ({ ...task })),
      )
    ).map(taskView);
  }
}
