import { talliesAsTotals, versionTagOf } from '@platform/lib/entity-tag';
import { z } from '@platform/lib/validation';
import { graphql } from './generated/index.js';
import { defineRoutes, route } from './route.js';
import { filterOptionsOf, filterOptionsShape, statisticsShape } from './task-facet.shapes.js';

const projectId = z
  .string({ required_error: 'is required', invalid_type_error: 'must be a string' })
  .min(1, 'is required');

/** `a,b` (or the key repeated) -> ['a', 'b']; empty items are dropped. The subgraph checks the values. */
const commaList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    value === undefined
      ? undefined
      : [value]
          .flat()
          .flatMap((item) => item.split(','))
          .map((item) => item.trim())
          .filter((item) => item.length > 0),
  );

const filterOptionsQuery = z.object({
  projectId,
  'filters[status]': commaList,
  'filters[priority]': commaList,
  'filters[departmentId]': commaList,
  'filters[tags]': commaList,
  'searches[name]': z.string({ invalid_type_error: 'must be a string' }).optional(),
});

/** The graph's arguments of the filter options (and of their version) from the REST query. */
const filterOptionsVariables = (given: z.infer<typeof filterOptionsQuery>) => ({
  projectId: given.projectId,
  filters: {
    status: given['filters[status]'],
    priority: given['filters[priority]'],
    departmentId: given['filters[departmentId]'],
    tags: given['filters[tags]'],
  },
  searches: { name: given['searches[name]'] },
});

/** Filter options and statistics of a project's tasks, at the paths of decisions.md (Project and task service). */
export const taskFacetRoutes = defineRoutes([
  route({
    method: 'GET',
    url: '/api/v1/tasks/filter-options',
    summary:
      "Filter options of a project's tasks: each facet's values with their counts under the other facets' filters " +
      '(filters[status|priority|departmentId|tags] comma lists, searches[name])',
    tag: 'tasks',
    auth: 'bearer',
    query: filterOptionsQuery,
    operation: graphql(`
      query TaskFilterOptions($projectId: String!, $filters: TaskFacetFilterInput, $searches: TaskFacetSearchInput) {
        taskFilterOptions(projectId: $projectId, filters: $filters, searches: $searches) {
          ...FilterOptionFields
        }
      }
    `),
    variables: (input) => filterOptionsVariables(input.query),
    response: filterOptionsShape,
    result: (data) => filterOptionsOf(data.taskFilterOptions),
    version: {
      operation: graphql(`
        query TaskFilterOptionsEntityTag(
          $projectId: String!
          $filters: TaskFacetFilterInput
          $searches: TaskFacetSearchInput
        ) {
          taskFilterOptionsEntityTag(projectId: $projectId, filters: $filters, searches: $searches)
        }
      `),
      variables: (input) => filterOptionsVariables(input.query),
      tag: (data) => data.taskFilterOptionsEntityTag,
      describes:
        "A strong tag of the options' version, their counts: each facet's values and counts in order, read in one statement with " +
        "the project: it changes when any of them does. The labels (a department's or participant's name) are not part of it",
      bodyTag: (options) => {
        const facets = (Object.keys(options) as (keyof typeof options)[]).sort();
        return versionTagOf({
          kind: 'task-filter-options',
          items: [],
          totals: facets.flatMap((facet) => [
            facet,
            options[facet].length,
            ...options[facet].flatMap(({ value, count }) => [value, count]),
          ]),
        });
      },
    },
  }),
  route({
    method: 'GET',
    url: '/api/v1/tasks/statistics',
    summary: "Counts of a project's live tasks: total, byStatus, byPriority, byDepartment (keyed by department id)",
    tag: 'tasks',
    auth: 'bearer',
    query: z.object({ projectId }),
    operation: graphql(`
      query TaskStatistics($projectId: String!) {
        taskStatistics(projectId: $projectId) {
          total
          byStatus
          byPriority
          byDepartment
        }
      }
    `),
    variables: ({ query }) => ({ projectId: query.projectId }),
    response: statisticsShape,
    // The graph types each tally as a JSONObject; the projects subgraph fills it with counts only.
    result: (data) => data.taskStatistics as z.infer<typeof statisticsShape>,
    version: {
      operation: graphql(`
        query TaskStatisticsEntityTag($projectId: String!) {
          taskStatisticsEntityTag(projectId: $projectId)
        }
      `),
      variables: ({ query }) => ({ projectId: query.projectId }),
      tag: (data) => data.taskStatisticsEntityTag,
      describes:
        'A strong tag of the counts: the answer is counts only, so its version is the counts themselves, read in one ' +
        'statement with the project: it changes when any count does',
      bodyTag: ({ total, byStatus, byPriority, byDepartment }) =>
        versionTagOf({
          kind: 'task-statistics',
          items: [],
          totals: [total, ...talliesAsTotals(byStatus, byPriority, byDepartment)],
        }),
    },
  }),
]);
