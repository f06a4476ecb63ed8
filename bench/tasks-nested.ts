import { restRoutes } from '@platform/rest-adapters/index';
import { httpClient, loginAs, type HttpClient } from '../test/client.js';
import { uploadFiles } from '../test/files.js';
import { createTask, taskBody } from '../test/tasks-kit.js';
import { createUser } from '../test/users.js';
import { selects, type BenchRow } from './lib/compare.js';
import type { BenchContext } from './lib/context.js';
import type { BenchSystem } from './lib/system.js';
import { compareRestWithGraph } from './lib/wire-statements.js';

const pageSize = 50;
export { pageSize as nestedPageSize };
const commentsPerTask = 10;
/** Its creation and one entry per comment added. */
const activitiesPerTask = commentsPerTask + 1;
/** The budget: at most 6 statements per request, whatever the page size. */
const statementBudget = 6;
const nestedPath = '/api/v1/tasks/nested';

const comparisons = {
  arms: `REST / graph: ${pageSize} tasks with ${commentsPerTask} comments and ${activitiesPerTask} activities each`,
  statements: `SQL statements per request, ${pageSize} nested tasks`,
};

/** The operation GET /api/v1/tasks/nested runs, word for word, so both arms ask for the same data. */
export function nestedOperation(): string {
  const route = restRoutes.find((candidate) => candidate.method === 'GET' && candidate.url === nestedPath);
  if (!route) throw new Error(`no REST declaration of GET ${nestedPath}`);
  return route.operation;
}

/**
 * A project of 50 tasks (2 participants each), each with 10 comments by two people (every other one a reply, the
 * first with an attachment and a like) and so 11 activity entries, made through the public API as a client would.
 */
export async function seedTasks(bench: BenchSystem, api: HttpClient, adminToken: string): Promise<string> {
  const people = await Promise.all(
    ['bench-nested-writer', 'bench-nested-colleague'].map(async (emailPrefix) => {
      const permissions = ['projects:write', 'tasks:write', 'tasks:read', 'comments:write'];
      const made = await createUser(api, adminToken, { permissions, withEmployee: true, emailPrefix });
      return { ...made, token: (await loginAs(api, made.email, made.password)).accessToken };
    }),
  );
  const [writer, colleague] = people as [(typeof people)[0], (typeof people)[0]];
  const customer = await api.graphql<{ createCustomer: { id: string } }>(
    'mutation ($input: CreateCustomerInput!) { createCustomer(input: $input) { id } }',
    { input: { name: 'Bench nested customer' } },
    { token: adminToken },
  );
  const project = await api.post(
    '/api/v1/projects',
    {
      name: 'Bench nested',
      customerId: customer.body.data!.createCustomer.id,
      contractValue: 1,
      replyDate: '2026-12-15',
    },
    { token: writer.token },
  );
  if (project.status !== 201)
    throw new Error(`bench project failed: ${project.status} ${JSON.stringify(project.body)}`);
  const projectCode = (project.body as { uniqueCode: string }).uniqueCode;
  const upload = await uploadFiles<{ id: string }>(bench.url, writer.token, [
    { name: 'weld.jpg', type: 'image/jpeg', bytes: Buffer.from('bench weld photo') },
  ]);
  const participantIds = [writer.employee!.id, colleague.employee!.id];
  for (let index = 0; index < pageSize; index += 1) {
    const body = taskBody(projectCode, writer.department!.id, { name: `Bench task ${index}`, participantIds });
    const comments = `/api/v1/tasks/${(await createTask(api, writer.token, body)).unique_code}/comments`;
    let previous = '';
    for (let number = 0; number < commentsPerTask; number += 1) {
      const isReply = number % 2 === 1;
      const content = `Comment ${number} on task ${index}`;
      const added = await api.post<{ id: string }>(
        comments,
        { content, parentId: isReply ? previous : null, attachmentIds: number === 0 ? [upload.body.id] : [] },
        { token: (isReply ? colleague : writer).token },
      );
      if (added.status !== 201) throw new Error(`bench comment failed: ${added.status} ${JSON.stringify(added.body)}`);
      previous = added.body.id;
      if (number === 0) {
        await api.post(`${comments}/toggle-like`, { commentId: previous, type: 'like' }, { token: colleague.token });
      }
    }
  }
  return projectCode;
}

interface NestedTask {
  id: string;
  participants: unknown[];
  comments: unknown[];
  activities: unknown[];
}

/** A task of the page carries every participant, comment and activity the seed gave it. */
const complete = (task: NestedTask) =>
  task.participants.length === 2 &&
  task.comments.length === commentsPerTask &&
  task.activities.length === activitiesPerTask;

/**
 * Issue 11's nested tasks: a page of 50 tasks with every comment and activity, over REST against the same
 * GraphQL operation through the gateway, and the SQL statements of each (at most 6, the same at any size).
 */
export async function runTasksNestedBench(context: BenchContext): Promise<BenchRow[]> {
  const { bench, settings } = context;
  const wanted = Object.values(comparisons).filter((name) => selects(settings, name));
  if (wanted.length === 0) return [];

  const api = httpClient(bench.url);
  const { accessToken: adminToken } = await bench.login();
  const projectCode = await seedTasks(bench, api, adminToken);

  const bearer = { authorization: `Bearer ${adminToken}` };
  const variables = { projectId: projectCode, limit: pageSize, includeComments: true, includeActivities: true };
  const query = `projectId=${projectCode}&limit=${pageSize}&includeComments=true&includeActivities=true`;
  return compareRestWithGraph(context, {
    suite: 'tasks-nested',
    names: comparisons,
    rest: {
      name: `GET ${nestedPath}?limit=${pageSize}`,
      spec: { method: 'GET', path: `${nestedPath}?${query}`, headers: bearer },
    },
    graph: {
      name: 'nestedTasks via gateway /graphql',
      spec: {
        method: 'POST',
        path: '/graphql',
        headers: { 'content-type': 'application/json', ...bearer },
        body: JSON.stringify({ query: nestedOperation(), variables }),
      },
    },
    check: { field: 'nestedTasks', size: pageSize, complete },
    budget: statementBudget,
    // A page carries 500 comments and 550 activities with their people, about 200 ms of server CPU (measured):
    // at the run's 32 connections requests queue for seconds and the pool's 2 s acquire timeout answers 503.
    connections: 4,
  });
}
