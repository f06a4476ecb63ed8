import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { userOf } from '@platform/lib/graphql/context';
import type { ProjectsContext } from '../context.js';
import { TaskType } from '../tasks/task.types.js';
import { TaskActivityType } from './activity.types.js';
import type { Parent } from '@platform/lib/graphql/parent';

/** A task's activities in the nested list (projects spec, Tasks with nested comments and activities). */
@Resolver(() => TaskType)
export class TaskActivitiesFieldResolver {
  /** Added comments show the caller's own reaction, as in the task's `comments`. */
  @FieldResolver(() => [TaskActivityType], { description: 'Oldest first, as in the activity history' })
  async activities(@Root() task: Parent<TaskType>, @Ctx() ctx: ProjectsContext) {
    const loaders = ctx.projects.activityLoaders;
    return loaders.seenBy(userOf(ctx).userId, await loaders.ofTask.load(task.id));
  }
}
