import { Arg, Args, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { shownPage } from '@platform/lib/graphql/page-types';
import { hasPermission } from '@platform/lib/auth/caller';
import { userWithPermission } from '@platform/lib/graphql/context';
import type { ProjectsContext } from '../context.js';
import { versionDescription } from './record-version.js';
import { CreateProjectInput, ProjectListArgs, UpdateProjectInput } from './project.inputs.js';
import { ProjectDeletion, ProjectPage, ProjectType, ResourceCount } from './project.types.js';
import { projectView } from './project.views.js';

/** Projects (projects spec; permissions projects:read, projects:write, projects:approve; admin implies all). */
@Resolver()
export class ProjectResolver {
  @Query(() => ProjectPage, { description: 'page >= 1, limit 1..100 (default 10); newest first by default' })
  async projects(@Ctx() ctx: ProjectsContext, @Args(() => ProjectListArgs) args: ProjectListArgs) {
    userWithPermission(ctx, 'projects:read');
    const found = await ctx.projects.projects.list({ ...args });
    return shownPage(found, projectView);
  }

  @Query(() => ProjectType)
  async project(@Arg('uniqueCode', () => String) uniqueCode: string, @Ctx() ctx: ProjectsContext) {
    userWithPermission(ctx, 'projects:read');
    return projectView(await ctx.projects.projects.get(uniqueCode));
  }

  @Mutation(() => ProjectType)
  async createProject(@Arg('input', () => CreateProjectInput) input: CreateProjectInput, @Ctx() ctx: ProjectsContext) {
    const caller = userWithPermission(ctx, 'projects:write');
    return projectView(await ctx.projects.projects.create({ userId: caller.userId }, { ...input }));
  }

  @Mutation(() => ProjectType)
  async updateProject(
    @Arg('uniqueCode', () => String) uniqueCode: string,
    @Arg('input', () => UpdateProjectInput) input: UpdateProjectInput,
    @Arg('expectedUpdatedAt', () => String, { nullable: true, description: versionDescription })
    expectedUpdatedAt: string | null,
    @Ctx() ctx: ProjectsContext,
  ) {
    const caller = userWithPermission(ctx, 'projects:write');
    const editor = { userId: caller.userId, mayApprove: hasPermission(caller, 'projects:approve') };
    return projectView(await ctx.projects.projects.update(uniqueCode, { ...input }, editor, expectedUpdatedAt));
  }

  @Mutation(() => ProjectType)
  async approveProject(@Arg('uniqueCode', () => String) uniqueCode: string, @Ctx() ctx: ProjectsContext) {
    userWithPermission(ctx, 'projects:approve');
    return projectView(await ctx.projects.projects.approve(uniqueCode));
  }

  @Mutation(() => ProjectType)
  async updateProjectProgress(
    @Arg('uniqueCode', () => String) uniqueCode: string,
    @Arg('progress', () => String) progress: string,
    @Arg('expectedUpdatedAt', () => String, { nullable: true, description: versionDescription })
    expectedUpdatedAt: string | null,
    @Ctx() ctx: ProjectsContext,
  ) {
    userWithPermission(ctx, 'projects:write');
    return projectView(await ctx.projects.projects.setProgress(uniqueCode, progress, expectedUpdatedAt));
  }

  @Mutation(() => ProjectDeletion, { description: 'Soft delete: the project disappears from every read' })
  async deleteProject(
    @Arg('uniqueCode', () => String) uniqueCode: string,
    @Arg('expectedUpdatedAt', () => String, { nullable: true, description: versionDescription })
    expectedUpdatedAt: string | null,
    @Ctx() ctx: ProjectsContext,
  ) {
    userWithPermission(ctx, 'projects:write');
    await ctx.projects.projects.delete(uniqueCode, expectedUpdatedAt);
    return { message: 'Project deleted' };
  }

  @Query(() => [ResourceCount], { description: 'Counts by type and status; absent resourceTypes means all three' })
  projectResourceCounts(
    @Arg('uniqueCode', () => String) uniqueCode: string,
    @Ctx() ctx: ProjectsContext,
    @Arg('resourceTypes', () => [String], { nullable: true }) resourceTypes?: string[],
  ) {
    userWithPermission(ctx, 'projects:read');
    return ctx.projects.resources.counts(uniqueCode, resourceTypes);
  }

  @Query(() => String, {
    description:
      'The entity tag of `projectResourceCounts` for the same arguments: changes when any of its counts does',
  })
  projectResourceCountsEntityTag(
    @Arg('uniqueCode', () => String) uniqueCode: string,
    @Ctx() ctx: ProjectsContext,
    @Arg('resourceTypes', () => [String], { nullable: true }) resourceTypes?: string[],
  ) {
    userWithPermission(ctx, 'projects:read');
    return ctx.projects.resources.countsTag(uniqueCode, resourceTypes);
  }
}
