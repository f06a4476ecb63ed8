import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachRequestFromNewIp } from '../../../../test/client-address.js';
import { httpClient, type HttpClient } from '../../../../test/client.js';
import { uploadFiles } from '../../../../test/files.js';
import { startIsolatedServer } from '../../../../test/harness.js';
import { personKeys, productKeys, projectKeys, projectsTestKit } from '../../../../test/projects-kit.js';
import { expectRefusedNamingField } from '../../../../test/refusals.js';
import { servicesMissing } from '../../../../test/services.js';

const isoMillis = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe.skipIf(servicesMissing)('projects over REST (projects spec, decisions.md paths)', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let api: HttpClient;
  let kit: Awaited<ReturnType<typeof projectsTestKit>>;
  let writer: Awaited<ReturnType<typeof kit.employee>>;
  let participant: Awaited<ReturnType<typeof kit.employee>>;
  let reader: { token: string };
  let nobody: { token: string };
  let customer: { id: string; name: string };

  beforeAll(async () => {
    server = await startIsolatedServer();
    api = eachRequestFromNewIp(httpClient(server.url));
    kit = await projectsTestKit(api);
    writer = await kit.employee(['projects:write', 'projects:read', 'projects:approve']);
    participant = await kit.employee([]);
    reader = await kit.user(['projects:read']);
    nobody = await kit.user([]);
    customer = await kit.customer('Acme Steel');
  });
  afterAll(async () => server?.close());

  const create = (extra: Record<string, unknown> = {}, token = writer.token) =>
    api.post('/api/v1/projects', kit.projectBody(customer.id, extra), { token });

  it('creates a project (201) with the spec shape field for field, and gets it back by code', async () => {
    const file = await uploadFiles(server.url, writer.token, [
      { name: 'spec.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4 test') },
    ]);
    expect(file.status).toBe(201);
    const created = await create({
      participantIds: [participant.employee.id],
      documentFileIds: [file.body.id],
      products: [
        { name: 'Beam', description: 'I-beam', productType: 'steel', status: 'draft', attributes: { mm: 300 } },
      ],
      // Server-owned fields are ignored, never applied.
      status: 'completed',
      uniqueCode: 'PRJ-999999',
      creatorId: participant.employee.id,
      deletedAt: '2020-01-01T00:00:00.000Z',
    });
    expect(created.status).toBe(201);
    const project = created.body;
    expect(Object.keys(project).sort()).toEqual(projectKeys);
    expect(project).toMatchObject({
      name: 'Bridge retrofit',
      description: 'Steel works, phase 1',
      contractValue: 125000,
      currency: 'EUR',
      customerId: customer.id,
      customer: { id: customer.id, name: 'Acme Steel' },
      creatorId: String(writer.user.id),
      status: 'pending',
      progress: 'technical_negotiating',
      replyDate: '2026-12-15T00:00:00.000Z',
      deletedAt: null,
    });
    expect(project.uniqueCode).toMatch(/^PRJ-\d+$/);
    expect(project.uniqueCode).not.toBe('PRJ-999999');
    for (const key of ['createdAt', 'updatedAt', 'replyDate']) expect(project[key]).toMatch(isoMillis);
    expect(Object.keys(project.creator).sort()).toEqual(personKeys);
    // The creator is the signed-in user (id and e-mail), named, coded and placed by its employee record.
    expect(project.creator).toEqual({
      avatarFileId: writer.employee.avatarFileId,
      code: writer.employee.code,
      department: writer.department.name,
      email: writer.user.email,
      id: String(writer.user.id),
      name: writer.employee.name,
    });
    expect(project.participants).toEqual([
      expect.objectContaining({ id: participant.employee.id, department: participant.department.name }),
    ]);
    expect(project.documentFiles).toEqual([
      { id: file.body.id, name: 'spec.pdf', mimeType: 'application/pdf', path: file.body.path, size: 13 },
    ]);
    expect(project.products).toHaveLength(1);
    expect(Object.keys(project.products[0]).sort()).toEqual(productKeys);
    expect(project.products[0]).toMatchObject({
      name: 'Beam',
      description: 'I-beam',
      productType: 'steel',
      status: 'draft',
      attributes: { mm: 300 },
      schemaVersion: '1.0',
    });

    const fetched = await api.get(`/api/v1/projects/${project.uniqueCode}`, { token: reader.token });
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(project);
  });

  it('makes the bootstrap admin (no employee record) the creator: its user id, and its e-mail as the name', async () => {
    const created = await create({}, kit.adminToken);
    expect(created.status).toBe(201);
    const adminPerson = {
      avatarFileId: '',
      code: '',
      department: '',
      email: kit.admin.email,
      id: String(kit.admin.id),
      name: kit.admin.email,
    };
    expect(created.body).toMatchObject({ creatorId: String(kit.admin.id), creator: adminPerson });
    const listed = await api.get(`/api/v1/projects?search=${created.body.uniqueCode}&limit=100`, {
      token: reader.token,
    });
    const found = listed.body.data.find((p: { uniqueCode: string }) => p.uniqueCode === created.body.uniqueCode);
    expect(found).toMatchObject({ creatorId: String(kit.admin.id), creator: adminPerson });
  });

  it('refuses bad create bodies with 400 naming the field, and writes nothing', async () => {
    const before = (await api.get('/api/v1/projects?limit=100', { token: reader.token })).body.meta.total;
    const cases: [Record<string, unknown>, string][] = [
      [{ name: undefined }, 'name'],
      [{ contractValue: -1 }, 'contractValue'],
      [{ contractValue: 1.5 }, 'contractValue'],
      [{ contractValue: 'many' }, 'contractValue'],
      [{ customerId: undefined }, 'customerId'],
      [{ customerId: 'not-a-uuid' }, 'customerId'],
      [{ customerId: '00000000-0000-4000-8000-000000000000' }, 'customerId'],
      [{ replyDate: undefined }, 'replyDate'],
      [{ replyDate: 'tomorrow' }, 'replyDate'],
      [{ participantIds: ['x'] }, 'participantIds'],
      [{ documentFileIds: ['00000000-0000-4000-8000-000000000000'] }, 'documentFileIds'],
      [{ currency: 'euros' }, 'currency'],
    ];
    for (const [extra, field] of cases) {
      const refused = await create(extra);
      expect(refused.status, JSON.stringify(extra)).toBe(400);
      expect(refused.body.statusCode).toBe(400);
      expect(refused.body.message).toContain(field);
    }
    expect((await api.get('/api/v1/projects?limit=100', { token: reader.token })).body.meta.total).toBe(before);
  });

  it('answers 401 without a bearer and 403 without the permission on every path', async () => {
    const { body } = await create();
    const code = body.uniqueCode;
    const paths: [string, string, string, unknown?][] = [
      ['GET', '/api/v1/projects', 'read'],
      ['POST', '/api/v1/projects', 'write', kit.projectBody(customer.id)],
      ['GET', `/api/v1/projects/${code}`, 'read'],
      ['PATCH', `/api/v1/projects/${code}`, 'write', { name: 'x' }],
      ['DELETE', `/api/v1/projects/${code}`, 'write'],
      ['POST', `/api/v1/projects/${code}/approve`, 'approve'],
      ['PATCH', `/api/v1/projects/${code}/progress`, 'write', { progress: 'bidding' }],
      ['GET', `/api/v1/projects/${code}/resource-counts`, 'read'],
      ['GET', `/api/v1/projects/${code}/expenses`, 'read'],
    ];
    for (const [method, path, need, payload] of paths) {
      expect((await api.request(method, path, payload)).status, `${method} ${path}`).toBe(401);
      expect((await api.request(method, path, payload, { token: nobody.token })).status, `${method} ${path}`).toBe(403);
      if (need !== 'read') {
        const asReader = await api.request(method, path, payload, { token: reader.token });
        expect(asReader.status, `${method} ${path}`).toBe(403);
      }
    }
    expect((await api.get(`/api/v1/projects/${code}`, { token: reader.token })).body.name).toBe('Bridge retrofit');
  });

  it('answers 404 for an unknown code on every path of one project', async () => {
    for (const [method, path, payload] of [
      ['GET', '/api/v1/projects/PRJ-0'],
      ['PATCH', '/api/v1/projects/PRJ-0', { name: 'x' }],
      ['DELETE', '/api/v1/projects/PRJ-0'],
      ['POST', '/api/v1/projects/PRJ-0/approve'],
      ['PATCH', '/api/v1/projects/PRJ-0/progress', { progress: 'bidding' }],
      ['GET', '/api/v1/projects/PRJ-0/resource-counts'],
      ['GET', '/api/v1/projects/PRJ-0/expenses'],
    ] as const) {
      const answer = await api.request(method, path, payload, { token: writer.token });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body).toEqual({ message: 'Project not found', statusCode: 404 });
    }
  });

  it('updates with PATCH semantics; enums are checked and a 400 changes nothing', async () => {
    const { body: project } = await create({ participantIds: [participant.employee.id] });
    const path = `/api/v1/projects/${project.uniqueCode}`;
    const patched = await api.patch(path, { name: 'Renamed', status: 'order_placed' }, { token: writer.token });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Renamed', status: 'order_placed', description: project.description });
    expect(patched.body.participants).toHaveLength(1);
    for (const [body, field] of [
      [{ status: 'done', name: 'Not applied' }, 'status'],
      [{ progress: 'later', name: 'Not applied' }, 'progress'],
      [{ contractValue: -5, name: 'Not applied' }, 'contractValue'],
      [{ documentFileIds: ['00000000-0000-4000-8000-000000000000'], name: 'Not applied' }, 'documentFileIds'],
    ] as const) {
      const refused = await api.patch(path, body, { token: writer.token });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(field);
    }
    const after = await api.get(path, { token: reader.token });
    expect(after.body.name).toBe('Renamed');
    expect(after.body.status).toBe('order_placed');
  });

  it('approves and sets progress', async () => {
    const { body: project } = await create();
    const approved = await api.post(`/api/v1/projects/${project.uniqueCode}/approve`, undefined, {
      token: writer.token,
    });
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('approved');
    const path = `/api/v1/projects/${project.uniqueCode}/progress`;
    const moved = await api.patch(path, { progress: 'in_production' }, { token: writer.token });
    expect(moved.status).toBe(200);
    expect(moved.body.progress).toBe('in_production');
    expect(Object.keys(moved.body).sort()).toEqual(projectKeys);
    expect((await api.patch(path, { progress: 'nope' }, { token: writer.token })).body.message).toContain('progress');
    expect((await api.patch(path, {}, { token: writer.token })).status).toBe(400);
  });

  it('lists with paging, search (% and _ literal), sorting and filters; bad parameters are 400 naming them', async () => {
    const other = await kit.customer('Other Co');
    const marker = `q${Date.now()}`;
    await create({ name: `${marker} 100% alpha`, customerId: other.id, contractValue: 3 });
    await create({ name: `${marker} 100 beta`, customerId: other.id, contractValue: 1 });
    await create({ name: `${marker} a_b gamma`, customerId: other.id, contractValue: 2 });
    const list = (query: string) => api.get(`/api/v1/projects?${query}`, { token: reader.token });
    const byCustomer = await list(`customerId=${other.id}&sortBy=contractValue&sortOrder=asc&limit=2&page=1`);
    expect(byCustomer.status).toBe(200);
    expect(Object.keys(byCustomer.body).sort()).toEqual(['data', 'meta']);
    expect(byCustomer.body.meta).toEqual({ limit: 2, page: 1, total: 3, totalPages: 2 });
    expect(byCustomer.body.data.map((p: { contractValue: number }) => p.contractValue)).toEqual([1, 2]);
    for (const project of byCustomer.body.data) expect(Object.keys(project).sort()).toEqual(projectKeys);
    expect((await list(`search=${encodeURIComponent('100%')}`)).body.data).toHaveLength(1);
    expect((await list(`search=${encodeURIComponent('a_b')}`)).body.data).toHaveLength(1);
    expect((await list(`search=${marker}&status=pending`)).body.meta.total).toBe(3);
    expect((await list(`search=${marker}&status=approved`)).body.meta.total).toBe(0);
    const defaults = await list('');
    expect(defaults.body.meta).toMatchObject({ page: 1, limit: 10 });
    await expectRefusedNamingField(
      (query) => list(query),
      [
        ['page=0', 'page'],
        ['page=abc', 'page'],
        ['limit=0', 'limit'],
        ['limit=101', 'limit'],
        ['limit=2.5', 'limit'],
        ['sortOrder=up', 'sortOrder'],
        ['sortBy=password', 'sortBy'],
        ['status=done', 'status'],
        ['customerId=x', 'customerId'],
      ],
    );
  });

  it('deletes softly: the project answers { message } and is then invisible everywhere', async () => {
    const { body: project } = await create({ name: 'To be deleted' });
    const path = `/api/v1/projects/${project.uniqueCode}`;
    const deleted = await api.delete(path, { token: writer.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Project deleted' });
    expect((await api.get(path, { token: reader.token })).status).toBe(404);
    expect((await api.delete(path, { token: writer.token })).status).toBe(404);
    expect((await api.patch(path, { name: 'x' }, { token: writer.token })).status).toBe(404);
    expect((await api.get(`${path}/expenses`, { token: reader.token })).status).toBe(404);
    expect((await api.get(`${path}/resource-counts`, { token: reader.token })).status).toBe(404);
    const listed = await api.get(`/api/v1/projects?search=${project.uniqueCode}&limit=100`, { token: reader.token });
    expect(listed.body.data).toEqual([]);
    const graph = await api.graphql(
      `query ($c: String!) { project(uniqueCode: $c) { id } }`,
      {
        c: project.uniqueCode,
      },
      { token: reader.token },
    );
    expect(graph.body.errors![0]!.extensions!.code).toBe('NOT_FOUND');
    const next = await create();
    expect(Number(next.body.uniqueCode.slice(4))).toBeGreaterThan(Number(project.uniqueCode.slice(4)));
  });

  it('counts resources by type and status', async () => {
    const file = await uploadFiles(server.url, writer.token, [
      { name: 'a.txt', type: 'text/plain', bytes: Buffer.from('a') },
    ]);
    const { body: project } = await create({
      documentFileIds: [file.body.id],
      products: [
        { name: 'A', status: 'draft' },
        { name: 'B', status: 'draft' },
        { name: 'C', status: 'ready' },
      ],
    });
    const path = `/api/v1/projects/${project.uniqueCode}/resource-counts`;
    const counts = await api.get(`${path}?resourceTypes=tasks,products,documents`, { token: reader.token });
    expect(counts.status).toBe(200);
    expect(counts.body).toEqual([
      { type: 'tasks', status: 'all', count: 0 },
      { type: 'products', status: 'draft', count: 2 },
      { type: 'products', status: 'ready', count: 1 },
      { type: 'documents', status: 'attached', count: 1 },
    ]);
    const one = await api.get(`${path}?resourceTypes=documents`, { token: reader.token });
    expect(one.body).toEqual([{ type: 'documents', status: 'attached', count: 1 }]);
    const refused = await api.get(`${path}?resourceTypes=people`, { token: reader.token });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('resourceTypes');
  });

  it('sums expenses per category in the project currency', async () => {
    const { body: project } = await create();
    const add = `mutation ($input: AddProjectExpenseInput!) {
      addProjectExpense(input: $input) { id projectId amount currency category description incurredAt createdAt }
    }`;
    const expense = (extra: Record<string, unknown>) => ({
      projectId: project.uniqueCode,
      amount: 100.25,
      currency: 'EUR',
      category: 'labor',
      description: 'Welding',
      incurredAt: '2026-11-20',
      ...extra,
    });
    const first = await api.graphql(add, { input: expense({}) }, { token: writer.token });
    expect(first.body.data.addProjectExpense).toMatchObject({
      projectId: project.id,
      amount: 100.25,
      currency: 'EUR',
      category: 'labor',
      incurredAt: '2026-11-20T00:00:00.000Z',
    });
    await api.graphql(add, { input: expense({ projectId: project.id, amount: 0.1 }) }, { token: writer.token });
    await api.graphql(add, { input: expense({ category: 'materials', amount: 50 }) }, { token: writer.token });
    const refused = await api.graphql(add, { input: expense({ category: 'travel' }) }, { token: writer.token });
    expect(refused.body.errors![0]!.message).toContain('category');
    const wrongCurrency = await api.graphql(add, { input: expense({ currency: 'USD' }) }, { token: writer.token });
    expect(wrongCurrency.body.errors![0]!.message).toContain('currency');
    const summary = await api.get(`/api/v1/projects/${project.uniqueCode}/expenses`, { token: reader.token });
    expect(summary.status).toBe(200);
    expect(summary.body).toEqual({
      totalExpenses: 150.35,
      currency: 'EUR',
      breakdown: { labor: 100.35, materials: 50, other: 0 },
    });
  });
});
