import { Arg, Args, Ctx, Query, Resolver } from 'type-graphql';
import { userWithPermission } from '@platform/lib/graphql/context';
import type { ProjectsContext } from '../context.js';
import { MyTaskListArgs, TaskListArgs } from './task.inputs.js';
import { actorOf } from './task.resolver.js';

/**
 * The entity tags of tasks and task pages (issue 28, conditional requests): what REST's `If-None-Match` is compared
 * with before the full read runs, each from one cheap statement, behind the same permission and the same refusals
 * (an unknown task or project is NOT_FOUND) as the read it versions, so a tag never confirms what the read would not.
 */
@Resolver()
export class TaskTagResolver {
  @Query(() => String, {
    description: 'The entity tag of `task(uniqueCode)`: changes whenever the task does (its updatedAt)',
  })
  async taskEntityTag(@Arg('uniqueCode', () => String) uniqueCode: string, @Ctx() ctx: ProjectsContext) {
    userWithPermission(ctx, 'tasks:read');
    return ctx.projects.tasks.tagOf(uniqueCode);
  }

  @Query(() => String, {
    description:
      "The entity tag of `myTasks` for the same arguments: changes when any of the caller's tasks on the page, their order or the total changes",
  })
  async myTasksEntityTag(@Ctx() ctx: ProjectsContext, @Args(() => MyTaskListArgs) args: MyTaskListArgs) {
    const caller = userWithPermission(ctx, 'tasks:read');
    return ctx.projects.tasks.pageTagOfActor(actorOf(caller), { ...args });
  }

  @Query(() => String, {
    description:
      'The entity tag of `projectTasks` for the same arguments: changes when any task of the page, its order or the total changes',
  })
  async projectTasksEntityTag(
    @Ctx() ctx: ProjectsContext,
    @Arg('projectId', () => String) projectId: string,
    @Args(() => TaskListArgs) args: TaskListArgs,
  ) {
    userWithPermission(ctx, 'tasks:read');
    return ctx.projects.tasks.pageTagOfProject(projectId, { ...args });
  }
}
