import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { userWithPermission } from '@platform/lib/graphql/context';
import { shownConnection } from '@platform/lib/graphql/page-types';
import type { ProjectsContext } from '../context.js';
import { actorOf } from './task.resolver.js';
import { TaskConnection } from './task.types.js';
import { taskView } from './task.views.js';

/** Tasks by opaque cursor (issue 28), beside the page/limit lists of task.resolver.ts (tasks:read). */
@Resolver()
export class TaskConnectionResolver {
  @Query(() => TaskConnection, {
    description:
      "A project's tasks, newest first, by opaque cursor (first 1..100, default 10; after: a cursor of this list)",
  })
  async projectTasksConnection(
    @Ctx() ctx: ProjectsContext,
    @Arg('projectId', () => String) projectId: string,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
  ) {
    userWithPermission(ctx, 'tasks:read');
    return shownConnection(await ctx.projects.tasks.connectionOfProject(projectId, { first, after }), taskView);
  }

  @Query(() => TaskConnection, { description: "The caller's tasks (as myTasks), newest first, by opaque cursor" })
  async myTasksConnection(
    @Ctx() ctx: ProjectsContext,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
  ) {
    const caller = userWithPermission(ctx, 'tasks:read');
    return shownConnection(await ctx.projects.tasks.connectionOfActor(actorOf(caller), { first, after }), taskView);
  }
}
