import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { userWithPermission } from '@platform/lib/graphql/context';
import { shownConnection } from '@platform/lib/graphql/page-types';
import type { ProjectsContext } from '../context.js';
import { actorOf } from './comment.resolver.js';
import { CommentConnection } from './comment.types.js';
import { commentView } from './comment.views.js';

/** A task's comments by opaque cursor (issue 28), beside the page/limit list of comment.resolver.ts (tasks:read). */
@Resolver()
export class CommentConnectionResolver {
  @Query(() => CommentConnection, {
    description:
      "A task's comments, newest first, deleted ones included, by opaque cursor (first 1..100, default 10; after: a cursor of this list)",
  })
  async taskCommentsConnection(
    @Ctx() ctx: ProjectsContext,
    @Arg('uniqueCode', () => String) uniqueCode: string,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
  ) {
    const caller = userWithPermission(ctx, 'tasks:read');
    return shownConnection(
      await ctx.projects.comments.connection(actorOf(caller), uniqueCode, { first, after }),
      commentView,
    );
  }
}
