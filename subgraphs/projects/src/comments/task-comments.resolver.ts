import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { userOf } from '@platform/lib/graphql/context';
import type { ProjectsContext } from '../context.js';
import { TaskType } from '../tasks/task.types.js';
import { CommentType } from './comment.types.js';
import { commentView } from './comment.views.js';
import type { Parent } from '@platform/lib/graphql/parent';

/** A task's comments in the nested list (projects spec, Tasks with nested comments and activities). */
@Resolver(() => TaskType)
export class TaskCommentsFieldResolver {
  /** Reached only through task reads, which need tasks:read; each comment shows the caller's own reaction. */
  @FieldResolver(() => [CommentType], { description: 'Every comment, oldest first; deleted ones with content ""' })
  async comments(@Root() task: Parent<TaskType>, @Ctx() ctx: ProjectsContext) {
    const records = await ctx.projects.commentLoaders.seenBy(userOf(ctx).userId).load(task.id);
    return records.map(commentView);
  }
}
