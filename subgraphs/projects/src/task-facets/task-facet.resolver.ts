import { Arg, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import { userWithPermission } from '@platform/lib/graphql/context';
import type { ProjectsContext } from '../context.js';
import { EmployeeReference } from '../projects/project.types.js';
import { DepartmentReference } from '../tasks/task.types.js';
import { TaskFacetFilterInput, TaskFacetSearchInput } from './task-facet.inputs.js';
import type { FacetOption } from './task-facet.service.js';
import {
  TaskDepartmentOptionType,
  TaskFilterOptionsType,
  TaskParticipantOptionType,
  TaskStatisticsType,
} from './task-facet.types.js';
import type { Parent } from '@platform/lib/graphql/parent';

const labelled = (options: FacetOption[]) => options.map((option) => ({ ...option, label: option.value }));

/** Filter options and statistics of a project's tasks (permission tasks:read; admin implies all). */
@Resolver()
export class TaskFacetResolver {
  @Query(() => TaskFilterOptionsType, { description: 'projectId: id or uniqueCode' })
  async taskFilterOptions(
    @Ctx() ctx: ProjectsContext,
    @Arg('projectId', () => String) projectId: string,
    @Arg('filters', () => TaskFacetFilterInput, { nullable: true }) filters?: TaskFacetFilterInput | null,
    @Arg('searches', () => TaskFacetSearchInput, { nullable: true }) searches?: TaskFacetSearchInput | null,
  ): Promise<TaskFilterOptionsType> {
    userWithPermission(ctx, 'tasks:read');
    const options = await ctx.projects.taskFacets.filterOptions(projectId, {
      'filters[status]': filters?.status ?? undefined,
      'filters[priority]': filters?.priority ?? undefined,
      'filters[departmentId]': filters?.departmentId ?? undefined,
      'filters[tags]': filters?.tags ?? undefined,
      'searches[name]': searches?.name ?? undefined,
    });
    return {
      ...options,
      priorities: labelled(options.priorities),
      statuses: labelled(options.statuses),
      tags: labelled(options.tags),
    };
  }

  @Query(() => String, {
    description:
      'The entity tag of `taskFilterOptions` for the same arguments: changes when any value or count does (labels are not part of it)',
  })
  async taskFilterOptionsEntityTag(
    @Ctx() ctx: ProjectsContext,
    @Arg('projectId', () => String) projectId: string,
    @Arg('filters', () => TaskFacetFilterInput, { nullable: true }) filters?: TaskFacetFilterInput | null,
    @Arg('searches', () => TaskFacetSearchInput, { nullable: true }) searches?: TaskFacetSearchInput | null,
  ): Promise<string> {
    userWithPermission(ctx, 'tasks:read');
    return ctx.projects.taskFacets.filterOptionsTag(projectId, {
      'filters[status]': filters?.status ?? undefined,
      'filters[priority]': filters?.priority ?? undefined,
      'filters[departmentId]': filters?.departmentId ?? undefined,
      'filters[tags]': filters?.tags ?? undefined,
      'searches[name]': searches?.name ?? undefined,
    });
  }

  @Query(() => TaskStatisticsType, { description: 'projectId: id or uniqueCode' })
  async taskStatistics(@Ctx() ctx: ProjectsContext, @Arg('projectId', () => String) projectId: string) {
    userWithPermission(ctx, 'tasks:read');
    return ctx.projects.taskFacets.statistics(projectId);
  }

  @Query(() => String, {
    description:
      'The entity tag of `taskStatistics`: changes when any of its counts does (projectId: id or uniqueCode)',
  })
  async taskStatisticsEntityTag(@Ctx() ctx: ProjectsContext, @Arg('projectId', () => String) projectId: string) {
    userWithPermission(ctx, 'tasks:read');
    return ctx.projects.taskFacets.statisticsTag(projectId);
  }
}

/** Labels live in the auth directory: the gateway resolves these references there (null for an unknown id). */
@Resolver(() => TaskDepartmentOptionType)
export class TaskDepartmentOptionResolver {
  @FieldResolver(() => DepartmentReference, { nullable: true, description: 'Its name is the label' })
  department(@Root() option: Parent<TaskDepartmentOptionType>): DepartmentReference {
    return { id: option.value };
  }
}

@Resolver(() => TaskParticipantOptionType)
export class TaskParticipantOptionResolver {
  @FieldResolver(() => EmployeeReference, { nullable: true, description: 'Its name is the label' })
  employee(@Root() option: Parent<TaskParticipantOptionType>): EmployeeReference {
    return { id: option.value };
  }
}
