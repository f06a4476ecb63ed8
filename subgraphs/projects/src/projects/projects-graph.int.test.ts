import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachRequestFromNewIp } from '../../../../test/client-address.js';
import { httpClient, type HttpClient } from '../../../../test/client.js';
import { onDatabase } from '../../../../test/database.js';
import { startIsolatedServer } from '../../../../test/harness.js';
import { projectsTestKit, type EmployeeRecord } from '../../../../test/projects-kit.js';
import { servicesMissing } from '../../../../test/services.js';

const person = 'id code name email avatarFileId department { id name }';
/** The spec's Person: a user as others see them, never their account fields. */
const creatorPerson = 'id name email code department avatarFileId';
const fields = `id uniqueCode name description contractValue currency customerId customer { id name } creatorId
  creator { ${creatorPerson} } participantIds participants { ${person} } documentFileIds
  documentFiles { id name mimeType path size } products { id name productType status attributes schemaVersion }
  progress status replyDate createdAt updatedAt deletedAt`;

const createProject = `mutation ($input: CreateProjectInput!) { createProject(input: $input) { ${fields} } }`;

/** A participant as the graph's Employee answers it, with its department. */
function writerPersonOf(writer: { employee: EmployeeRecord; department: { id: string; name: string } }) {
  const { id, code, name, email, avatarFileId } = writer.employee;
  return {
    id,
    code,
    name,
    email,
    avatarFileId,
    department: { id: writer.department.id, name: writer.department.name },
  };
}

describe.skipIf(servicesMissing)('projects through the graph', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let api: HttpClient;
  let kit: Awaited<ReturnType<typeof projectsTestKit>>;
  let writer: Awaited<ReturnType<typeof kit.employee>>;
  let customer: { id: string; name: string };

  beforeAll(async () => {
    server = await startIsolatedServer();
    api = eachRequestFromNewIp(httpClient(server.url));
    kit = await projectsTestKit(api);
    writer = await kit.employee(['projects:write', 'projects:read', 'projects:approve']);
    customer = await kit.customer('Graph Co');
  });
  afterAll(async () => server?.close());

  const gql = (query: string, variables: Record<string, unknown>, token = writer.token) =>
    api.graphql(query, variables, { token });

  it('creates, reads, lists, updates, approves, moves and deletes a project, people resolved from auth', async () => {
    const created = await gql(createProject, {
      input: { ...kit.projectBody(customer.id), participantIds: [writer.employee.id], products: [{ name: 'P' }] },
    });
    expect(created.body.errors).toBeUndefined();
    const project = created.body.data.createProject;
    // The creator is the signed-in user as a Person, resolved by the auth subgraph from its employee record.
    expect(project.creatorId).toBe(String(writer.user.id));
    expect(project.creator).toEqual({
      id: String(writer.user.id),
      name: writer.employee.name,
      email: writer.user.email,
      code: writer.employee.code,
      department: writer.department.name,
      avatarFileId: writer.employee.avatarFileId,
    });
    expect(project.participantIds).toEqual([writer.employee.id]);
    expect(project.participants).toEqual([writerPersonOf(writer)]);
    expect(project.products[0]).toMatchObject({ name: 'P', productType: 'general', status: 'active', attributes: {} });
    const code = project.uniqueCode;

    const read = await gql(`query ($c: String!) { project(uniqueCode: $c) { ${fields} } }`, { c: code });
    expect(read.body.data.project).toEqual(project);
    const listed = await gql(
      `query { projects(limit: 5, sortBy: "name", sortOrder: "asc") { data { uniqueCode }
      meta { page limit total totalPages } } }`,
      {},
    );
    expect(listed.body.data.projects.meta).toEqual({ page: 1, limit: 5, total: 1, totalPages: 1 });

    const updated = await gql(
      `mutation ($c: String!, $i: UpdateProjectInput!) { updateProject(uniqueCode: $c, input: $i) { name status } }`,
      { c: code, i: { name: 'New name', status: 'need_update' } },
    );
    expect(updated.body.data.updateProject).toEqual({ name: 'New name', status: 'need_update' });
    const approved = await gql(`mutation ($c: String!) { approveProject(uniqueCode: $c) { status } }`, { c: code });
    expect(approved.body.data.approveProject.status).toBe('approved');
    const moved = await gql(
      `mutation ($c: String!) { updateProjectProgress(uniqueCode: $c, progress: "delivering") { progress } }`,
      { c: code },
    );
    expect(moved.body.data.updateProjectProgress.progress).toBe('delivering');
    const counts = await gql(
      `query ($c: String!) { projectResourceCounts(uniqueCode: $c, resourceTypes: ["products"]) { type status count } }`,
      { c: code },
    );
    expect(counts.body.data.projectResourceCounts).toEqual([{ type: 'products', status: 'active', count: 1 }]);
    const expenses = await gql(
      `query ($c: String!) { projectExpenses(uniqueCode: $c) { totalExpenses currency
      breakdown { labor materials other } } }`,
      { c: code },
    );
    expect(expenses.body.data.projectExpenses).toEqual({
      totalExpenses: 0,
      currency: 'EUR',
      breakdown: { labor: 0, materials: 0, other: 0 },
    });
    const deleted = await gql(`mutation ($c: String!) { deleteProject(uniqueCode: $c) { message } }`, { c: code });
    expect(deleted.body.data.deleteProject).toEqual({ message: 'Project deleted' });
    const gone = await gql(`query { projects { meta { total } } }`, {});
    expect(gone.body.data.projects.meta.total).toBe(0);
    const addExpense = await gql(`mutation ($i: AddProjectExpenseInput!) { addProjectExpense(input: $i) { id } }`, {
      i: { projectId: project.id, amount: 1, category: 'other', incurredAt: '2026-11-01' },
    });
    expect(addExpense.body.errors![0]!.extensions!.code).toBe('NOT_FOUND');
  });

  it('makes the bootstrap admin (no employee record) the creator: named by its e-mail, other fields empty', async () => {
    const created = await gql(createProject, { input: kit.projectBody(customer.id) }, kit.adminToken);
    expect(created.body.errors).toBeUndefined();
    expect(created.body.data.createProject).toMatchObject({
      creatorId: String(kit.admin.id),
      creator: { id: String(kit.admin.id), name: kit.admin.email, email: kit.admin.email, code: '', department: '' },
    });
  });

  it('refuses a participant id the directory does not know; one stored before: null in the graph, left out over REST', async () => {
    const unknown = randomUUID();
    const refused = await gql(createProject, {
      input: { ...kit.projectBody(customer.id), participantIds: [unknown, writer.employee.id] },
    });
    expect(refused.body.errors![0]).toMatchObject({
      message: 'participantIds: employee not found',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const created = await gql(createProject, {
      input: { ...kit.projectBody(customer.id), participantIds: [writer.employee.id] },
    });
    const { id, uniqueCode } = created.body.data.createProject;
    // Rows written before references were checked may name an id the directory does not know.
    await onDatabase(server.shared.databaseUrl, (sql) =>
      sql.query('insert into projects.project_participant (project_id, employee_id, position) values ($1, $2, -1)', [
        id,
        unknown,
      ]),
    );
    const read = await gql(`query ($code: String!) { project(uniqueCode: $code) { ${fields} } }`, { code: uniqueCode });
    expect(read.body.errors).toBeUndefined();
    expect(read.body.data.project.participantIds).toEqual([unknown, writer.employee.id]);
    expect(read.body.data.project.participants).toEqual([null, writerPersonOf(writer)]);
    const rest = await api.get(`/api/v1/projects/${uniqueCode}`, { token: writer.token });
    expect(rest.body.participants.map((p: { id: string }) => p.id)).toEqual([writer.employee.id]);
  });

  it('answers UNAUTHENTICATED without a bearer, FORBIDDEN without the permission, BAD_USER_INPUT naming the field', async () => {
    const anonymous = await api.graphql(`query { projects { meta { total } } }`);
    expect(anonymous.body.errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
    const reader = await kit.user(['projects:read']);
    const forbidden = await gql(createProject, { input: kit.projectBody(customer.id) }, reader.token);
    expect(forbidden.body.errors![0]!.extensions!.code).toBe('FORBIDDEN');
    const invalid = await gql(createProject, { input: { ...kit.projectBody(customer.id), contractValue: -1 } });
    expect(invalid.body.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
    expect(invalid.body.errors![0]!.message).toContain('contractValue');
  });
});
