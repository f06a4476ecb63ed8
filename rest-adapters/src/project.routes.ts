import { contractValueMax } from '@platform/lib/contract/project-values';
import { versionTagOf } from '@platform/lib/entity-tag';
import { z } from '@platform/lib/validation';
import { queryText, sortedPageQuery } from './paging.js';
import { graphql } from './generated/index.js';
import { defineRoutes, route } from './route.js';
import { projectPageOf, projectOf, projectPageShape, projectShape } from './project.shapes.js';
import { count, messageShape } from './response.shapes.js';

const text = z.string({ required_error: 'is required', invalid_type_error: 'must be a string' });
const ids = z.array(text, { invalid_type_error: 'must be an array of strings' });
const integer = z
  .number({ required_error: 'is required', invalid_type_error: 'must be an integer' })
  .int('must be an integer');

/** The contract's range, stated here for the OpenAPI description (the subgraph applies the same bound). */
const contractValue = integer
  .min(0, 'must be at least 0')
  .max(contractValueMax, `must be at most ${contractValueMax}`)
  .describe(`An integer from 0 to ${contractValueMax} (2^53 - 1)`);

/** Shapes only: the projects subgraph applies the rules (ranges, enums, references) for REST and GraphQL. */
const productBody = z.object({
  name: text,
  description: text.nullish(),
  productType: text.nullish(),
  status: text.nullish(),
  attributes: z.record(z.unknown(), { invalid_type_error: 'must be an object' }).nullish(),
});

/** Fields the server owns (id, uniqueCode, status, progress, creatorId, timestamps) are dropped, never applied. */
const createBody = z.object({
  name: text,
  description: text.nullish(),
  contractValue,
  currency: text.nullish(),
  customerId: text,
  replyDate: text,
  participantIds: ids.nullish(),
  documentFileIds: ids.nullish(),
  products: z.array(productBody, { invalid_type_error: 'must be an array' }).nullish(),
});

const updateBody = z.object({
  name: text.optional(),
  description: text.optional(),
  contractValue: contractValue.optional(),
  currency: text.optional(),
  replyDate: text.optional(),
  participantIds: ids.optional(),
  documentFileIds: ids.optional(),
  status: text.optional(),
  progress: text.optional(),
});

const listQuery = sortedPageQuery.extend({
  status: queryText.optional(),
  customerId: queryText.optional(),
});

/** `resourceTypes=tasks,products` or repeated `resourceTypes=`; absent or empty means every type. */
const resourceQuery = z.object({
  resourceTypes: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) =>
      [value ?? []]
        .flat()
        .flatMap((entry) => entry.split(','))
        .map((entry) => entry.trim())
        .filter(Boolean),
    ),
});

const codeParams = z.object({ uniqueCode: z.string() });

/** Project operations of the projects spec at the paths of decisions.md; single objects bare, lists paged. */
export const projectRoutes = defineRoutes([
  route({
    method: 'GET',
    url: '/api/v1/projects',
    summary: 'List projects (page >= 1, limit 1..100, search, sortBy, sortOrder asc/desc, status, customerId)',
    tag: 'projects',
    auth: 'bearer',
    query: listQuery,
    operation: graphql(`
      query Projects(
        $page: Int
        $limit: Int
        $search: String
        $sortBy: String
        $sortOrder: String
        $status: String
        $customerId: String
      ) {
        projects(
          page: $page
          limit: $limit
          search: $search
          sortBy: $sortBy
          sortOrder: $sortOrder
          status: $status
          customerId: $customerId
        ) {
          data {
            ...ProjectFields
          }
          meta {
            ...PageMetaFields
          }
        }
      }
    `),
    variables: ({ query }) => query,
    response: projectPageShape,
    result: (data) => projectPageOf(data.projects),
    version: {
      operation: graphql(`
        query ProjectsEntityTag(
          $page: Int
          $limit: Int
          $search: String
          $sortBy: String
          $sortOrder: String
          $status: String
          $customerId: String
        ) {
          projectsEntityTag(
            page: $page
            limit: $limit
            search: $search
            sortBy: $sortBy
            sortOrder: $sortOrder
            status: $status
            customerId: $customerId
          )
        }
      `),
      variables: ({ query }) => query,
      tag: (data) => data.projectsEntityTag,
      bodyTag: ({ data, meta }) => versionTagOf({ kind: 'project-page', items: data, page: meta }),
    },
  }),
  route({
    method: 'POST',
    url: '/api/v1/projects',
    summary: 'Create a project',
    tag: 'projects',
    auth: 'bearer',
    body: createBody,
    operation: graphql(`
      mutation CreateProject($input: CreateProjectInput!) {
        createProject(input: $input) {
          ...ProjectFields
        }
      }
    `),
    variables: ({ body }) => ({ input: body }),
    response: projectShape,
    result: (data) => projectOf(data.createProject),
    status: 201,
  }),
  route({
    method: 'GET',
    url: '/api/v1/projects/:uniqueCode',
    summary: 'Get a project by its code',
    tag: 'projects',
    auth: 'bearer',
    params: codeParams,
    operation: graphql(`
      query Project($uniqueCode: String!) {
        project(uniqueCode: $uniqueCode) {
          ...ProjectFields
        }
      }
    `),
    variables: ({ params }) => ({ uniqueCode: params.uniqueCode }),
    response: projectShape,
    result: (data) => projectOf(data.project),
    version: {
      operation: graphql(`
        query ProjectEntityTag($uniqueCode: String!) {
          projectEntityTag(uniqueCode: $uniqueCode)
        }
      `),
      variables: ({ params }) => ({ uniqueCode: params.uniqueCode }),
      tag: (data) => data.projectEntityTag,
      bodyTag: (project) => versionTagOf({ kind: 'project', items: [project] }),
    },
  }),
  route({
    method: 'PATCH',
    url: '/api/v1/projects/:uniqueCode',
    guardedBy: '/api/v1/projects/:uniqueCode',
    summary: 'Update a project (only the fields sent)',
    tag: 'projects',
    auth: 'bearer',
    params: codeParams,
    body: updateBody,
    operation: graphql(`
      mutation UpdateProject($uniqueCode: String!, $input: UpdateProjectInput!, $expectedUpdatedAt: String) {
        updateProject(uniqueCode: $uniqueCode, input: $input, expectedUpdatedAt: $expectedUpdatedAt) {
          ...ProjectFields
        }
      }
    `),
    variables: ({ params, body, readVersion }) => ({
      uniqueCode: params.uniqueCode,
      input: body,
      expectedUpdatedAt: readVersion,
    }),
    response: projectShape,
    result: (data) => projectOf(data.updateProject),
  }),
  route({
    method: 'DELETE',
    url: '/api/v1/projects/:uniqueCode',
    guardedBy: '/api/v1/projects/:uniqueCode',
    summary: 'Delete a project (soft: it disappears from every read)',
    tag: 'projects',
    auth: 'bearer',
    params: codeParams,
    operation: graphql(`
      mutation DeleteProject($uniqueCode: String!, $expectedUpdatedAt: String) {
        deleteProject(uniqueCode: $uniqueCode, expectedUpdatedAt: $expectedUpdatedAt) {
          message
        }
      }
    `),
    variables: ({ params, readVersion }) => ({ uniqueCode: params.uniqueCode, expectedUpdatedAt: readVersion }),
    response: messageShape,
    result: (data) => data.deleteProject,
  }),
  route({
    method: 'POST',
    url: '/api/v1/projects/:uniqueCode/approve',
    summary: 'Approve a project (status approved)',
    tag: 'projects',
    auth: 'bearer',
    params: codeParams,
    operation: graphql(`
      mutation ApproveProject($uniqueCode: String!) {
        approveProject(uniqueCode: $uniqueCode) {
          ...ProjectFields
        }
      }
    `),
    variables: ({ params }) => ({ uniqueCode: params.uniqueCode }),
    response: projectShape,
    result: (data) => projectOf(data.approveProject),
  }),
  route({
    method: 'PATCH',
    url: '/api/v1/projects/:uniqueCode/progress',
    guardedBy: '/api/v1/projects/:uniqueCode',
    summary: "Set a project's progress",
    tag: 'projects',
    auth: 'bearer',
    params: codeParams,
    body: z.object({ progress: text }),
    operation: graphql(`
      mutation UpdateProjectProgress($uniqueCode: String!, $progress: String!, $expectedUpdatedAt: String) {
        updateProjectProgress(uniqueCode: $uniqueCode, progress: $progress, expectedUpdatedAt: $expectedUpdatedAt) {
          ...ProjectFields
        }
      }
    `),
    variables: ({ params, body, readVersion }) => ({
      uniqueCode: params.uniqueCode,
      ...body,
      expectedUpdatedAt: readVersion,
    }),
    response: projectShape,
    result: (data) => projectOf(data.updateProjectProgress),
  }),
  route({
    method: 'GET',
    url: '/api/v1/projects/:uniqueCode/resource-counts',
    summary: 'Counts of tasks, products and documents of a project, by status',
    tag: 'projects',
    auth: 'bearer',
    params: codeParams,
    query: resourceQuery,
    operation: graphql(`
      query ProjectResourceCounts($uniqueCode: String!, $resourceTypes: [String!]) {
        projectResourceCounts(uniqueCode: $uniqueCode, resourceTypes: $resourceTypes) {
          type
          status
          count
        }
      }
    `),
    variables: ({ params, query }) => ({ uniqueCode: params.uniqueCode, resourceTypes: query.resourceTypes }),
    response: z.array(z.strictObject({ type: z.enum(['tasks', 'products', 'documents']), status: z.string(), count })),
    result: (data) => data.projectResourceCounts,
    version: {
      operation: graphql(`
        query ProjectResourceCountsEntityTag($uniqueCode: String!, $resourceTypes: [String!]) {
          projectResourceCountsEntityTag(uniqueCode: $uniqueCode, resourceTypes: $resourceTypes)
        }
      `),
      variables: ({ params, query }) => ({ uniqueCode: params.uniqueCode, resourceTypes: query.resourceTypes }),
      tag: (data) => data.projectResourceCountsEntityTag,
      describes:
        'A strong tag of the counts: the answer is counts only, so its version is the counts themselves, read in one ' +
        'statement with the project: it changes when any count does',
      bodyTag: (counts) =>
        versionTagOf({
          kind: 'resource-counts',
          items: [],
          totals: counts.flatMap(({ type, status, count }) => [type, status, count]),
        }),
    },
  }),
  route({
    method: 'GET',
    url: '/api/v1/projects/:uniqueCode/expenses',
    summary: "A project's expenses: total and breakdown in its currency",
    tag: 'projects',
    auth: 'bearer',
    params: codeParams,
    operation: graphql(`
      query ProjectExpenses($uniqueCode: String!) {
        projectExpenses(uniqueCode: $uniqueCode) {
          totalExpenses
          currency
          breakdown {
            labor
            materials
            other
          }
        }
      }
    `),
    variables: ({ params }) => ({ uniqueCode: params.uniqueCode }),
    response: z.strictObject({
      totalExpenses: z.number(),
      currency: z.string(),
      breakdown: z.strictObject({ labor: z.number(), materials: z.number(), other: z.number() }),
    }),
    result: (data) => data.projectExpenses,
    version: {
      operation: graphql(`
        query ProjectExpensesEntityTag($uniqueCode: String!) {
          projectExpensesEntityTag(uniqueCode: $uniqueCode)
        }
      `),
      variables: ({ params }) => ({ uniqueCode: params.uniqueCode }),
      tag: (data) => data.projectExpensesEntityTag,
      describes:
        "A strong tag of the expenses' version: the project's currency and its sum per category, read in one " +
        'statement with the project: it changes when the currency or any sum does',
      bodyTag: ({ currency, breakdown: { labor, materials, other } }) =>
        versionTagOf({ kind: 'project-expenses', items: [], totals: [currency, labor, materials, other] }),
    },
  }),
]);
