import { Arg, Args, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { shownPage } from '@platform/lib/graphql/page-types';
import { userWithPermission } from '@platform/lib/graphql/context';
import { hasPermission, type UserCaller } from '@platform/lib/auth/caller';
import type { ProjectsContext } from '../context.js';
import { PersonReference, personOf } from '../projects/project.types.js';
import { TaskDeletion } from '../tasks/task.types.js';
import type { CommentActor } from './comment.service.js';
import { AddCommentInput, CommentListArgs, CommentPage, CommentReactionType, CommentType } from './comment.types.js';
import { commentView } from './comment.views.js';
import type { Parent } from '@platform/lib/graphql/parent';

export const actorOf = (caller: UserCaller): CommentActor => ({
  userId: caller.userId,
  isAdmin: hasPermission(caller, 'admin'),
});

/**
 * Writing on a task's comments needs reading the task first (issue 31): without tasks:read a caller could write
 * where it cannot read and learn from the answer whether a task exists.
 */
function commenterOf(ctx: ProjectsContext): UserCaller {
  userWithPermission(ctx, 'tasks:read');
  return userWithPermission(ctx, 'comments:write');
}

/** A task's comments (projects spec; permissions tasks:read to list, comments:write to change; admin all). */
@Resolver()
export class CommentResolver {
  @Query(() => CommentPage, { description: 'Deleted comments included; page >= 1, limit 1..100 (default 10)' })
  async taskComments(
    @Ctx() ctx: ProjectsContext,
    @Arg('uniqueCode', () => String) uniqueCode: string,
    @Args(() => CommentListArgs) args: CommentListArgs,
  ) {
    const caller = userWithPermission(ctx, 'tasks:read');
    const found = await ctx.projects.comments.list(actorOf(caller), uniqueCode, { ...args });
    return shownPage(found, commentView);
  }

  @Query(() => String, {
    description:
      "The entity tag of `taskComments` for the same caller and arguments: changes when any comment of the page (its deletion, reactions or the caller's own reaction), their order or the total changes",
  })
  async taskCommentsEntityTag(
    @Ctx() ctx: ProjectsContext,
    @Arg('uniqueCode', () => String) uniqueCode: string,
    @Args(() => CommentListArgs) args: CommentListArgs,
  ) {
    const caller = userWithPermission(ctx, 'tasks:read');
    return ctx.projects.comments.pageTagOf(actorOf(caller), uniqueCode, { ...args });
  }

  @Mutation(() => CommentType)
  async addTaskComment(
    @Arg('uniqueCode', () => String) uniqueCode: string,
    @Arg('input', () => AddCommentInput) input: AddCommentInput,
    @Ctx() ctx: ProjectsContext,
  ) {
    const caller = commenterOf(ctx);
    return commentView(await ctx.projects.comments.add(actorOf(caller), uniqueCode, { ...input }));
  }

  @Mutation(() => CommentReactionType, { description: 'The same type again removes it; the other type switches' })
  async toggleTaskCommentReaction(
    @Arg('uniqueCode', () => String) uniqueCode: string,
    @Arg('commentId', () => String) commentId: string,
    @Arg('type', () => String) type: string,
    @Ctx() ctx: ProjectsContext,
  ) {
    const caller = commenterOf(ctx);
    return ctx.projects.comments.toggleReaction(actorOf(caller), uniqueCode, { commentId, type });
  }

  @Mutation(() => TaskDeletion, { description: "Soft delete by its author or an admin: listed with content ''" })
  async deleteTaskComment(
    @Arg('uniqueCode', () => String) uniqueCode: string,
    @Arg('commentId', () => String) commentId: string,
    @Ctx() ctx: ProjectsContext,
  ) {
    const caller = commenterOf(ctx);
    await ctx.projects.comments.delete(actorOf(caller), uniqueCode, commentId);
    return { message: 'Comment deleted' };
  }
}

@Resolver(() => CommentType)
export class CommentFieldsResolver {
  /** The author; the gateway resolves it in the auth subgraph, batched across the page. */
  @FieldResolver(() => PersonReference)
  actor(@Root() comment: Parent<CommentType>): PersonReference {
    return personOf(comment.actorId);
  }
}
