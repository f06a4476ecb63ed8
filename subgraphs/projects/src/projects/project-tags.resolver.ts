import { Arg, Args, Ctx, Query, Resolver } from 'type-graphql';
import { userWithPermission } from '@platform/lib/graphql/context';
import type { ProjectsContext } from '../context.js';
import { ProjectListArgs } from './project.inputs.js';

/**
 * The entity tags of projects and project pages (issue 28, conditional requests): what REST's `If-None-Match` is
 * compared with before the full read runs, each from one cheap statement, behind the same permission and the same
 * refusals (an unknown project is NOT_FOUND) as the read it versions.
 */
@Resolver()
export class ProjectTagResolver {
  @Query(() => String, {
    description:
      'The entity tag of `projects` for the same arguments: changes when any project of the page, its order or the total changes',
  })
  async projectsEntityTag(@Ctx() ctx: ProjectsContext, @Args(() => ProjectListArgs) args: ProjectListArgs) {
    userWithPermission(ctx, 'projects:read');
    return ctx.projects.projects.pageTag({ ...args });
  }

  @Query(() => String, {
    description: 'The entity tag of `project(uniqueCode)`: changes whenever the project does (its updatedAt)',
  })
  async projectEntityTag(@Arg('uniqueCode', () => String) uniqueCode: string, @Ctx() ctx: ProjectsContext) {
    userWithPermission(ctx, 'projects:read');
    return ctx.projects.projects.tagOf(uniqueCode);
  }
}
