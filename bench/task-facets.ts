import pg from 'pg';
import { restRoutes } from '@platform/rest-adapters/index';
import { httpClient, type HttpClient } from '../test/client.js';
import { createUser } from '../test/users.js';
import { compareArms, customRow, type Arm, type BenchRow } from './lib/compare.js';
import type { BenchContext } from './lib/context.js';
import type { RequestSpec } from './lib/load-generator.js';
import type { BenchSystem } from './lib/system.js';

const taskCount = 100_000;
/** Issue 11: the filter-options query on a project of 100,000 tasks answers with a p99 under 50 ms. */
const p99LimitMs = 50;
const json = { 'content-type': 'application/json' };
const createCustomerMutation = 'mutation ($input: CreateCustomerInput!) { createCustomer(input: $input) { id name } }';

interface Option {
  value: string;
  label: string;
  count: number;
}
type FilterOptions = Record<'departments' | 'participants' | 'priorities' | 'statuses' | 'tags', Option[]>;

/** The operation GET /api/v1/tasks/filter-options runs, word for word, so both arms ask for the same data. */
function filterOptionsOperation(): string {
  const route = restRoutes.find((candidate) => candidate.url === '/api/v1/tasks/filter-options');
  if (!route) throw new Error('no REST declaration of GET /api/v1/tasks/filter-options');
  return route.operation;
}

/** 20 departments with an employee each, made by the admin as the product's administration does. */
async function seedPeople(api: HttpClient, adminToken: string) {
  const people = [];
  for (let index = 0; index < 20; index += 1) {
    people.push(await createUser(api, adminToken, { withEmployee: true, emailPrefix: `bench-facets-${index}` }));
  }
  return {
    departmentIds: people.map((made) => made.department!.id),
    employeeIds: people.map((made) => made.employee!.id),
  };
}

/**
 * 100,000 tasks in one project, written by three statements through the product's tables (its triggers keep the
 * facet counts, as for any write): 7 statuses, 4 priorities, 20 departments, 9 tag sets, 0-3 participants of
 * 20, names from 7 verbs and 11 objects ("Weld beam 1234"), so the search "weld beam" matches 1 task in 77.
 */
async function seedTasks(
  bench: BenchSystem,
  project: { id: string; uniqueCode: string },
  people: { departmentIds: string[]; employeeIds: string[] },
) {
  const client = new pg.Client({ connectionString: bench.databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into "projects"."task" ("id", "unique_code", "project_id", "number", "name", "description", "end_date",
         "department_id", "priority", "status", "tags", "created_at", "updated_at")
       select gen_random_uuid(), $2 || '-T' || i, $1, i,
         (array['Weld', 'Paint', 'Inspect', 'Order', 'Cut', 'Drill', 'Ship'])[1 + i % 7] || ' ' ||
         (array['beam', 'plate', 'bolts', 'frame', 'stairs', 'rail', 'deck', 'column', 'truss', 'gate', 'roof'])[1 + (i / 7) % 11]
           || ' ' || i,
         '', now() + interval '30 days', ($3::uuid[])[1 + (i * 7919) % 20],
         (array['low', 'medium', 'high', 'urgent'])[1 + (i * 31) % 4],
         (array['todo', 'in progress', 'review', 'blocked', 'done', 'canceled', 'waiting'])[1 + (i * 13) % 7],
         string_to_array((array['', 'steel', 'steel,site', 'paint', 'site,qa', 'urgent-order', 'qa', 'paint,qa,site',
           'weld'])[1 + (i * 17) % 9], ','),
         now(), now()
       from generate_series(1, ${taskCount}) i`,
      [project.id, project.uniqueCode, people.departmentIds],
    );
    await client.query(`insert into "projects"."task_sequence" ("project_id", "last_number") values ($1, $2)`, [
      project.id,
      taskCount,
    ]);
    await client.query(
      `insert into "projects"."task_participant" ("id", "task_id", "employee_id", "position")
       select gen_random_uuid(), t."id", ($2::uuid[])[1 + (t."number"::bigint * 104729 + k * 7) % 20], k
       from "projects"."task" t cross join lateral generate_series(0, t."number" % 4 - 1) k
       where t."project_id" = $1`,
      [project.id, people.employeeIds],
    );
    await client.query('vacuum analyze "projects"."task", "projects"."task_participant"');
  } finally {
    await client.end();
  }
}

export async function seedProject(bench: BenchSystem, api: HttpClient, adminToken: string) {
  const customer = await api.graphql<{ createCustomer: { id: string } }>(
    createCustomerMutation,
    { input: { name: 'Bench facets customer' } },
    { token: adminToken },
  );
  const created = await api.post(
    '/api/v1/projects',
    {
      name: 'Bench facets project',
      contractValue: 1,
      currency: 'EUR',
      customerId: customer.body.data!.createCustomer.id,
      replyDate: '2026-12-15',
    },
    { token: adminToken },
  );
  if (created.status !== 201)
    throw new Error(`bench project failed: ${created.status} ${JSON.stringify(created.body)}`);
  const project = created.body as { id: string; uniqueCode: string };
  const started = Date.now();
  await seedTasks(bench, project, await seedPeople(api, adminToken));
  process.stderr.write(`  seeded ${taskCount} tasks in ${Date.now() - started} ms\n`);
  return project;
}

/** Both arms give the same options, every label resolved, and the unfiltered statuses add up to every task. */
async function checkArmsAgree(api: HttpClient, token: string, graph: Record<string, unknown>, restPath: string) {
  const graphAnswer = await api.graphql<{ taskFilterOptions: FilterOptions }>(filterOptionsOperation(), graph, {
    token,
  });
  if (!graphAnswer.body.data) throw new Error(`graph arm: ${JSON.stringify(graphAnswer.body.errors)}`);
  const restAnswer = (await api.get(restPath, { token })).body as FilterOptions;
  const counts = (options: FilterOptions) =>
    JSON.stringify(Object.values(options).map((list) => list.map((o) => o.count)));
  if (counts(graphAnswer.body.data.taskFilterOptions) !== counts(restAnswer)) throw new Error('REST and graph differ');
  if (restAnswer.departments.some((option) => option.label === option.value)) {
    throw new Error(`departments not labelled: ${JSON.stringify(restAnswer.departments).slice(0, 300)}`);
  }
  const total = restAnswer.statuses.reduce((sum, option) => sum + option.count, 0);
  if (!restPath.includes('filters') && total !== taskCount)
    throw new Error(`statuses add up to ${total}, not ${taskCount}`);
}

/**
 * Issue 11's filter-options benchmark: a project of 100,000 tasks, the options with no filter and with two
 * facets filtered and a name search, over REST and over the same operation through the gateway (req/s, p50,
 * p99), with the runner's connections and with one (where each arm's p99 is checked against 50 ms).
 */
export async function runTaskFacetsBench(context: BenchContext): Promise<BenchRow[]> {
  const { bench, load, settings } = context;
  const api = httpClient(bench.url);
  const { accessToken: adminToken } = await bench.login();
  const project = await seedProject(bench, api, adminToken);
  const bearer = { authorization: `Bearer ${adminToken}` };
  const cases = [
    { name: 'no filter', query: '', variables: {} },
    {
      name: 'status + priority + name search',
      query: '&filters[status]=todo,review&filters[priority]=high,urgent&searches[name]=weld%20beam',
      variables: {
        filters: { status: ['todo', 'review'], priority: ['high', 'urgent'] },
        searches: { name: 'weld beam' },
      },
    },
  ];
  const rows: BenchRow[] = [];
  for (const { name, query, variables } of cases) {
    const graphVariables = { projectId: project.uniqueCode, ...variables };
    const graphRequest: RequestSpec = {
      method: 'POST',
      path: '/graphql',
      headers: { ...json, ...bearer },
      body: JSON.stringify({ query: filterOptionsOperation(), variables: graphVariables }),
    };
    const path = `/api/v1/tasks/filter-options?projectId=${project.uniqueCode}${query}`;
    const restRequest: RequestSpec = { method: 'GET', path, headers: bearer };
    await checkArmsAgree(api, adminToken, graphVariables, path);
    const rest: Arm = {
      name: `GET ${path.replace(project.uniqueCode, '<code>')}`,
      port: bench.port,
      request: () => restRequest,
    };
    const graph: Arm = {
      name: 'taskFilterOptions via gateway /graphql',
      port: bench.port,
      request: () => graphRequest,
    };
    const comparison = { suite: 'task-facets', subject: rest, baseline: graph, target: 0.9 };
    rows.push(
      ...(await compareArms(load, settings, { ...comparison, name: `${taskCount} tasks, ${name}: REST / graph` })),
    );
    // The latency a client sees, one request at a time: with many connections p99 measures the queue instead.
    const alone = await compareArms(
      load,
      { ...settings, connections: 1 },
      { ...comparison, name: `${taskCount} tasks, ${name}, 1 connection: REST / graph` },
    );
    rows.push(...alone);
    for (const row of alone) {
      rows.push(
        customRow('task-facets', `p99 under ${p99LimitMs} ms, 1 connection, ${name}`, row.arm, {
          p50Ms: row.p50Ms,
          p99Ms: row.p99Ms,
          pass: row.errors === 0 && row.p99Ms < p99LimitMs,
        }),
      );
    }
  }
  return rows;
}
