import { Arg, Ctx, FieldResolver, Int, Query, Resolver, Root } from 'type-graphql';
import { shownPage } from '@platform/lib/graphql/page-types';
import { userOf, userWithPermission } from '@platform/lib/graphql/context';
import { TaskActivityType } from '../activities/activity.types.js';
import { CommentType } from '../comments/comment.types.js';
import { commentView } from '../comments/comment.views.js';
import type { ProjectsContext } from '../context.js';
import { TaskPage, TaskType } from './task.types.js';
import { taskView } from './task.views.js';

/** Tasks with their comments and activities (projects spec, Tasks with nested comments and activities). */
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

  /** Reached only through task reads, which need tasks:read; each comment shows the caller's own reaction. */
  @FieldResolver(() => [CommentType], { description: 'Every comment, oldest first; deleted ones with content ""' })
  async comments(@Root() task: TaskType, @Ctx() ctx: ProjectsContext) {
    const records = await ctx.projects.taskLoaders.commentsSeenBy(userOf(ctx).userId).load(task.id);
    return records.map(commentView);
  }

  /** Added comments show the caller's own reaction, as in `comments`. */
  @FieldResolver(() => [TaskActivityType], { description: 'Oldest first, as in the activity history' })
  async activities(@Root() task: TaskType, @Ctx() ctx: ProjectsContext) {
    const loaders = ctx.projects.taskLoaders;
    return loaders.activitiesSeenBy(userOf(ctx).userId, await loaders.activities.load(task.id));
  }
}
