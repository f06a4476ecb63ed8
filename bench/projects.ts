import type { AddressInfo } from 'node:net';
import { startSystem } from '@platform/gateway/system';
import { createLogger } from '@platform/lib/logger';
import { restRoutes } from '@platform/rest-adapters/index';
import { httpClient, loginAs, type HttpClient } from '../test/client.js';
import { uploadFiles } from '../test/files.js';
import { startStatementCounter } from '../test/sql-statement-counter.js';
import { createUser } from '../test/users.js';
import { compareArms, customRow, type Arm, type BenchRow } from './lib/compare.js';
import type { BenchContext } from './lib/context.js';
import type { BenchSystem } from './lib/system.js';
import type { RequestSpec } from './lib/load-generator.js';

const pageSize = 50;
const json = { 'content-type': 'application/json' };
const createCustomerMutation = 'mutation ($input: CreateCustomerInput!) { createCustomer(input: $input) { id name } }';
/** The notification worker's job queue polls on its own schedule; those statements are not the request's. */
const background = /notifications_boss\./;

const comparisons = {
  arms: `REST / graph: ${pageSize} projects, every nested field`,
  statements: `SQL statements per request, ${pageSize} projects`,
};

/** The operation GET /api/v1/projects runs, word for word, so both arms ask for the same data. */
function listOperation(): string {
  const route = restRoutes.find((candidate) => candidate.method === 'GET' && candidate.url === '/api/v1/projects');
  if (!route) throw new Error('no REST declaration of GET /api/v1/projects');
  return route.operation;
}

interface Person {
  department: unknown;
}
interface ListedProject {
  id: string;
  customer: { id: string } | null;
  creator: Person | null;
  participants: (Person | null)[];
  documentFiles: unknown[];
  products: unknown[];
}
interface ProjectPage {
  data: ListedProject[];
}

/**
 * Employees with departments, 50 customers and 50 projects (2 participants, 1 document, 2 products each),
 * made as a client would: the admin creates the people and customers, an employee creates the projects.
 */
async function seedProjects(bench: BenchSystem, api: HttpClient, adminToken: string): Promise<void> {
  const writer = await createUser(api, adminToken, {
    permissions: ['projects:read', 'projects:write'],
    withEmployee: true,
    emailPrefix: 'bench-projects',
  });
  const colleague = await createUser(api, adminToken, { withEmployee: true, emailPrefix: 'bench-colleague' });
  const { accessToken: writerToken } = await loginAs(api, writer.email, writer.password);
  const upload = await uploadFiles<{ id: string }>(bench.url, writerToken, [
    { name: 'scope.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4 bench scope document\n') },
  ]);
  if (upload.status !== 201) throw new Error(`bench upload failed: ${upload.status} ${JSON.stringify(upload.body)}`);
  for (let index = 0; index < pageSize; index += 1) {
    const customer = await api.graphql<{ createCustomer: { id: string } }>(
      createCustomerMutation,
      { input: { name: `Bench customer ${index}` } },
      { token: adminToken },
    );
    if (!customer.body.data) throw new Error(`bench createCustomer failed: ${JSON.stringify(customer.body)}`);
    const created = await api.post(
      '/api/v1/projects',
      {
        name: `Bench project ${index}`,
        description: 'Steel works, phase 1',
        contractValue: 125000 + index,
        currency: 'EUR',
        customerId: customer.body.data.createCustomer.id,
        replyDate: '2026-12-15',
        participantIds: [writer.employee!.id, colleague.employee!.id],
        documentFileIds: [upload.body.id],
        products: [
          { name: 'Beam', productType: 'steel', attributes: { mm: 300 } },
          { name: 'Plate', productType: 'steel', attributes: { index } },
        ],
      },
      { token: writerToken },
    );
    if (created.status !== 201)
      throw new Error(`bench project failed: ${created.status} ${JSON.stringify(created.body)}`);
  }
}

/** Each project of a page carries every nested record the seed gave it; the ids, in order. */
function checkedIds(page: ProjectPage | undefined, arm: string): string[] {
  const projects = page?.data ?? [];
  const complete = (project: ListedProject) =>
    project.customer !== null &&
    project.creator?.department &&
    project.participants.length === 2 &&
    project.participants.every((person) => person?.department) &&
    project.documentFiles.length === 1 &&
    project.products.length === 2;
  if (projects.length !== pageSize || !projects.every(complete)) {
    throw new Error(`${arm}: expected ${pageSize} complete projects, got ${JSON.stringify(page).slice(0, 500)}`);
  }
  return projects.map((project) => project.id);
}

/** Sends one request of the spec and returns its parsed body, refusing anything but 200. */
async function send<T>(port: number, spec: RequestSpec): Promise<T> {
  const response = await fetch(`http://127.0.0.1:${port}${spec.path}`, {
    method: spec.method,
    headers: spec.headers,
    body: spec.body,
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${spec.method} ${spec.path}: ${response.status} ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

/** Both arms answer the same 50 complete projects in the same order before anything is measured. */
async function checkArmsAgree(port: number, graph: RequestSpec, rest: RequestSpec): Promise<void> {
  const graphAnswer = await send<{ data?: { projects: ProjectPage }; errors?: unknown[] }>(port, graph);
  if (graphAnswer.errors) throw new Error(`graph arm: ${JSON.stringify(graphAnswer.errors)}`);
  const graphIds = checkedIds(graphAnswer.data?.projects, 'graph arm');
  const restIds = checkedIds(await send<ProjectPage>(port, rest), 'REST arm');
  if (graphIds.join() !== restIds.join()) throw new Error('the REST and graph arms list different projects');
}

/**
 * Statements each arm costs, counted on the wire: a second system over the same database, reached through
 * the statement counter (test/sql-statement-counter.ts), answers one warm-up and one counted request of
 * each arm. The timed arms run on the bench's own system, which never passes through the counter.
 */
async function countStatements(
  bench: BenchSystem,
  graph: RequestSpec,
  rest: RequestSpec,
): Promise<{ graph: number; rest: number }> {
  const counter = await startStatementCounter(bench.databaseUrl);
  try {
    const system = await startSystem({
      config: bench.config,
      databaseUrl: counter.url,
      logger: createLogger('silent'),
    });
    try {
      await system.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (system.app.server.address() as AddressInfo).port;
      await checkArmsAgree(port, graph, rest);
      const count = async (spec: RequestSpec) => (await counter.during(() => send(port, spec), background)).length;
      return { graph: await count(graph), rest: await count(rest) };
    } finally {
      await system.close();
    }
  } finally {
    await counter.close();
  }
}

/**
 * Issue 10's benchmark: a page of 50 projects with customer, creator, participants, products and document
 * files, over REST against the same GraphQL operation through the gateway, and the SQL statements of each.
 */
export async function runProjectsBench(context: BenchContext): Promise<BenchRow[]> {
  const { bench, load, settings } = context;
  const wanted = Object.values(comparisons).filter((name) => !settings.filter || name.includes(settings.filter));
  if (wanted.length === 0) return [];

  const api = httpClient(bench.url);
  const { accessToken: adminToken } = await bench.login();
  await seedProjects(bench, api, adminToken);

  const bearer = { authorization: `Bearer ${adminToken}` };
  const graphRequest: RequestSpec = {
    method: 'POST',
    path: '/graphql',
    headers: { ...json, ...bearer },
    body: JSON.stringify({ query: listOperation(), variables: { limit: pageSize } }),
  };
  const restRequest: RequestSpec = { method: 'GET', path: `/api/v1/projects?limit=${pageSize}`, headers: bearer };
  await checkArmsAgree(bench.port, graphRequest, restRequest);

  const rows: BenchRow[] = [];
  if (wanted.includes(comparisons.statements)) {
    const statements = await countStatements(bench, graphRequest, restRequest);
    rows.push(
      customRow('projects', comparisons.statements, `REST ${statements.rest}, graph ${statements.graph} (wire count)`, {
        requests: 2,
        pass: statements.rest === statements.graph,
      }),
    );
  }

  const rest: Arm = { name: `GET /api/v1/projects?limit=${pageSize}`, port: bench.port, request: () => restRequest };
  const graph: Arm = { name: 'projects via gateway /graphql', port: bench.port, request: () => graphRequest };
  rows.unshift(
    ...(await compareArms(load, settings, {
      suite: 'projects',
      name: comparisons.arms,
      subject: rest,
      baseline: graph,
      target: 0.9,
    })),
  );
  return rows;
}
