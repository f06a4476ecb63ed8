import { restRoutes } from '@platform/rest-adapters/index';
import { httpClient, loginAs, type HttpClient } from '../test/client.js';
import { uploadFiles } from '../test/files.js';
import { createUser } from '../test/users.js';
import { selects, type BenchRow } from './lib/compare.js';
import type { BenchContext } from './lib/context.js';
import type { BenchSystem } from './lib/system.js';
import { compareRestWithGraph } from './lib/wire-statements.js';

const pageSize = 50;
const json = { 'content-type': 'application/json' };
const createCustomerMutation = 'mutation ($input: CreateCustomerInput!) { createCustomer(input: $input) { id name } }';

const comparisons = {
  arms: `REST / graph: ${pageSize} projects, every nested field`,
  statements: `SQL statements per request, ${pageSize} projects`,
};

/** The operation GET /api/v1/projects runs, word for word, so both arms ask for the same data. */
export function listOperation(): string {
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

/**
 * Employees with departments, 50 customers and 50 projects (2 participants, 1 document, 2 products each),
 * made as a client would: the admin creates the people and customers, an employee creates the projects.
 */
export async function seedProjects(bench: BenchSystem, api: HttpClient, adminToken: string): Promise<void> {
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

/** A project of the page carries every nested record the seed gave it. */
const complete = (project: ListedProject) =>
  project.customer !== null &&
  Boolean(project.creator?.department) &&
  project.participants.length === 2 &&
  project.participants.every((person) => person?.department) &&
  project.documentFiles.length === 1 &&
  project.products.length === 2;

/**
 * Issue 10's benchmark: a page of 50 projects with customer, creator, participants, products and document
 * files, over REST against the same GraphQL operation through the gateway, and the SQL statements of each.
 */
export async function runProjectsBench(context: BenchContext): Promise<BenchRow[]> {
  const { bench, settings } = context;
  const wanted = Object.values(comparisons).filter((name) => selects(settings, name));
  if (wanted.length === 0) return [];

  const api = httpClient(bench.url);
  const { accessToken: adminToken } = await bench.login();
  await seedProjects(bench, api, adminToken);

  const bearer = { authorization: `Bearer ${adminToken}` };
  return compareRestWithGraph(context, {
    suite: 'projects',
    names: comparisons,
    rest: {
      name: `GET /api/v1/projects?limit=${pageSize}`,
      spec: { method: 'GET', path: `/api/v1/projects?limit=${pageSize}`, headers: bearer },
    },
    graph: {
      name: 'projects via gateway /graphql',
      spec: {
        method: 'POST',
        path: '/graphql',
        headers: { ...json, ...bearer },
        body: JSON.stringify({ query: listOperation(), variables: { limit: pageSize } }),
      },
    },
    check: { field: 'projects', size: pageSize, complete },
  });
}
