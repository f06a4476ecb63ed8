import { Arg, Ctx, FieldResolver, Query, Resolver, Root, Subscription } from 'type-graphql';
import { userWithPermission } from '@platform/lib/graphql/context';
import { refuseResumption } from '@platform/lib/graphql/subscription-resume';
import type { ProjectsContext } from '../context.js';
import { PersonReference, personOf } from '../projects/project.types.js';
import { ReactionCountsType, TaskActivityType, TaskHistoryType } from './activity.types.js';
import type { Parent } from '@platform/lib/graphql/parent';

/** A task's activity history (projects spec, Activity; permission tasks:read). */
@Resolver()
export class ActivityResolver {
  @Query(() => [TaskActivityType], { description: 'Oldest first' })
  async taskActivities(@Arg('uniqueCode', () => String) uniqueCode: string, @Ctx() ctx: ProjectsContext) {
    const viewer = userWithPermission(ctx, 'tasks:read');
    const entries = await ctx.projects.activityHistory.ofTask(uniqueCode);
    return ctx.projects.activityLoaders.seenBy(viewer.userId, entries);
  }

  @Query(() => String, {
    description:
      "The entity tag of `taskActivities` for the same caller: changes when an entry is added or an added comment it shows changes (its deletion, reactions or the caller's own reaction)",
  })
  async taskActivitiesEntityTag(@Arg('uniqueCode', () => String) uniqueCode: string, @Ctx() ctx: ProjectsContext) {
    const viewer = userWithPermission(ctx, 'tasks:read');
    return ctx.projects.activityHistory.tagOfTask(uniqueCode, viewer.userId);
  }

  @Subscription(() => TaskActivityType, {
    description:
      "Each new activity entry of the project's tasks (projectId: id or uniqueCode; tasks:read, checked when " +
      'subscribing; graphql-ws, token in the init payload)',
    subscribe: ({ args, context }) => {
      const ctx = context as ProjectsContext;
      // Entries and counts published while the edge's upstream was lost are not read back: the client starts again.
      refuseResumption(ctx);
      userWithPermission(ctx, 'tasks:read');
      return ctx.projects.activity.live((args as { projectId: string }).projectId);
    },
  })
  taskActivityAdded(
    @Arg('projectId', () => String) _projectId: string,
    @Root() entry: Parent<TaskActivityType>,
  ): TaskActivityType {
    return entry;
  }

  @Subscription(() => ReactionCountsType, {
    description:
      "A comment's new counts after each reaction in the project's tasks (projectId: id or uniqueCode; tasks:read, " +
      'checked when subscribing)',
    subscribe: ({ args, context }) => {
      const ctx = context as ProjectsContext;
      // Entries and counts published while the edge's upstream was lost are not read back: the client starts again.
      refuseResumption(ctx);
      userWithPermission(ctx, 'tasks:read');
      return ctx.projects.activity.liveReactions((args as { projectId: string }).projectId);
    },
  })
  taskCommentReactionChanged(
    @Arg('projectId', () => String) _projectId: string,
    @Root() counts: Parent<ReactionCountsType>,
  ): ReactionCountsType {
    return counts;
  }
}

@Resolver(() => TaskHistoryType)
export class TaskHistoryFieldsResolver {
  /** The acting user; the gateway resolves it in the auth subgraph, batched across the page. */
  @FieldResolver(() => PersonReference)
  actor(@Root() history: Parent<TaskHistoryType>): PersonReference {
    return personOf(history.actorId);
  }
}
