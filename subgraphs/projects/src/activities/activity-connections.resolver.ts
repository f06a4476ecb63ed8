import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { userWithPermission } from '@platform/lib/graphql/context';
import { shownConnection } from '@platform/lib/graphql/page-types';
import type { ProjectsContext } from '../context.js';
import { TaskActivityConnection } from './activity.types.js';

/** A task's activity by opaque cursor (issue 28), beside the whole history of activity.resolver.ts (tasks:read). */
@Resolver()
export class ActivityConnectionResolver {
  @Query(() => TaskActivityConnection, {
    description:
      "A task's activity entries, newest first, by opaque cursor (first 1..100, default 10; after: a cursor of this list)",
  })
  async taskActivitiesConnection(
    @Ctx() ctx: ProjectsContext,
    @Arg('uniqueCode', () => String) uniqueCode: string,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
  ) {
    const viewer = userWithPermission(ctx, 'tasks:read');
    const connection = await ctx.projects.activityHistory.connectionOfTask(uniqueCode, { first, after });
    const shown = new Map(
      (await ctx.projects.activityLoaders.seenBy(viewer.userId, connection.rows)).map((entry) => [entry.id, entry]),
    );
    return shownConnection(connection, (row) => shown.get(row.id)!);
  }
}
