import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { shownPage } from '@platform/lib/graphql/page-types';
import { userWithPermission } from '@platform/lib/graphql/context';
import type { ProjectsContext } from '../context.js';
import { TaskPage, TaskType } from './task.types.js';
import { taskView } from './task.views.js';

/**
 * Tasks with their comments and activities (projects spec, Tasks with nested comments and activities): the
 * page is the tasks'; its `comments` and `activities` are resolved by their own folders
 * (comments/comment.resolver.ts, activities/activity.resolver.ts).
 */
@Resolver(() => TaskType)
export class TaskNestedResolver {
  @Query(() => TaskPage, {
    description: 'Newest first; ask for comments and activities on each task. projectId: id or uniqueCode',
  })
  async nestedTasks(
    @Ctx() ctx: ProjectsContext,
    @Arg('projectId', () => String) projectId: string,
    @Arg('page', () => Int, { nullable: true }) page: number | null,
    @Arg('limit', () => Int, { nullable: true, description: '1..100, default 10' }) limit: number | null,
  ) {
    userWithPermission(ctx, 'tasks:read');
    const found = await ctx.projects.nestedTasks.page(projectId, { page, limit });
    return shownPage(found, taskView);
  }

  @Query(() => String, {
    description:
      "The entity tag of `nestedTasks` for the same arguments, with its tasks' comments and activities when they are " +
      'asked for: changes with the page, its total, any task of it, and any comment, reaction or entry it shows',
  })
  async nestedTasksEntityTag(
    @Ctx() ctx: ProjectsContext,
    @Arg('projectId', () => String) projectId: string,
    @Arg('page', () => Int, { nullable: true }) page: number | null,
    @Arg('limit', () => Int, { nullable: true }) limit: number | null,
    @Arg('includeComments', () => Boolean, { defaultValue: false }) includeComments: boolean,
    @Arg('includeActivities', () => Boolean, { defaultValue: false }) includeActivities: boolean,
  ) {
    const caller = userWithPermission(ctx, 'tasks:read');
    const shown = { comments: includeComments, activities: includeActivities };
    return ctx.projects.nestedTasks.pageTag(projectId, { page, limit }, shown, caller.userId);
  }
}
