import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpResult } from '../../test/client.js';
import { onDatabase } from '../../test/database.js';
import { actorsOf, type Actors } from '../../test/notifications-kit.js';
import { startTaskBoard, type TaskBoard } from '../../test/tasks-kit.js';
import { servicesMissing } from '../../test/services.js';
import { createSignedInUser, type TestUser } from '../../test/users.js';

/** A JSON object nested `levels` deep, as text: JSON.stringify itself would run out of stack. */
const nested = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

/** A JSON body with `"DEEP"` replaced by a value written as text (lone surrogates, deep nesting). */
const rawJson = (body: unknown, deep: string) => JSON.stringify(body).replace('"DEEP"', deep);

const rowsIn = [
  'auth.department',
  'projects.project',
  'projects.product',
  'projects.task',
  'projects.task_comment',
  'projects.expense',
  'notifications.notification_job',
  'notifications.notification',
];

/** 400 on REST, naming the field, never echoing the value. */
function expectRefusedOnRest(answer: HttpResult, field: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body.message).toContain(field);
  expect(answer.body.message).not.toContain('\u0000');
}

/** BAD_USER_INPUT in the graph, naming the field. */
function expectRefusedInGraph(answer: HttpResult, field: string): void {
  const [error] = answer.body.errors ?? [];
  expect(error?.extensions?.code, JSON.stringify(answer.body)).toBe('BAD_USER_INPUT');
  expect(error.message).toContain(field);
}

describe.skipIf(servicesMissing)('input that would answer 500 answers 400 naming the field (issue 31, item 7)', () => {
  let board: TaskBoard;
  let actors: Actors;
  let recipient: TestUser;
  let taskCode: string;
  let projectCode: string;
  let counts: Record<string, number>;

  const countRows = () =>
    onDatabase(board.server.shared.databaseUrl, async (sql) => {
      const counted: Record<string, number> = {};
      for (const table of rowsIn) {
        counted[table] = Number((await sql.query(`select count(*) as n from ${table}`)).rows[0].n);
      }
      return counted;
    });

  beforeAll(async () => {
    board = await startTaskBoard(['projects:write', 'projects:read', 'tasks:write', 'tasks:read', 'comments:write']);
    actors = await actorsOf(board.server.url);
    recipient = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'recipient' });
    const project = await board.project();
    projectCode = project.uniqueCode;
    taskCode = (await board.task(projectCode)).unique_code;
    counts = await countRows();
  });
  afterAll(async () => board?.server.close());

  it('auth: a NUL in the unauthenticated login e-mail and in a department name', async () => {
    const { api } = board;
    expectRefusedOnRest(
      await api.post('/api/v1/auth/login', { email: 'a\u0000@example.test', password: 'x' }),
      'email',
    );
    expectRefusedInGraph(
      await api.graphql(
        'mutation ($email: String!) { login(email: $email, password: "password-123") { accessToken } }',
        {
          email: 'a\u0000@example.test',
        },
      ),
      'email',
    );
    expectRefusedInGraph(
      await api.graphql(
        'mutation ($input: CreateDepartmentInput!) { createDepartment(input: $input) { id } }',
        { input: { code: 'D-NUL', name: 'Sales\u0000' } },
        { token: actors.adminToken },
      ),
      'name',
    );
    expect(await countRows()).toEqual(counts);
  });

  it('projects: NUL in names, search and codes, a lone surrogate in a comment, tags, deep attributes', async () => {
    const { api, kit, writer, customerId } = board;
    const token = writer.token;
    expectRefusedOnRest(
      await api.post('/api/v1/projects', kit.projectBody(customerId, { name: 'A\u0000' }), { token }),
      'name',
    );
    expectRefusedOnRest(await api.get('/api/v1/projects?search=a%00b', { token }), 'search');
    expectRefusedOnRest(await api.get('/api/v1/tasks/PRJ-1%00', { token }), 'unique_code');
    expectRefusedOnRest(
      await api.post('/api/v1/tasks', board.body(projectCode, { tags: ['ok', 'b\u0000'] }), { token }),
      'tags',
    );
    const comments = `/api/v1/tasks/${taskCode}/comments`;
    for (const content of ['"a\\u0000b"', '"a\\ud800b"', '"\\udc00"']) {
      expectRefusedOnRest(await api.post(comments, undefined, { token, rawBody: `{"content":${content}}` }), 'content');
    }
    const deepProduct = rawJson(
      kit.projectBody(customerId, { products: [{ name: 'Beam', attributes: 'DEEP' }] }),
      nested(5000),
    );
    expectRefusedOnRest(await api.post('/api/v1/projects', undefined, { token, rawBody: deepProduct }), 'attributes');
    // A key of free-form JSON is text too; the answer names the field, not the key.
    const keyed = kit.projectBody(customerId, { products: [{ name: 'Beam', attributes: { 'mm\u0000': 300 } }] });
    const keyRefused = await api.post('/api/v1/projects', keyed, { token });
    expect(keyRefused.body.message).toBe(
      'products.0.attributes: must not have keys with NUL characters or invalid Unicode',
    );

    const createProject = 'mutation ($input: CreateProjectInput!) { createProject(input: $input) { id } }';
    expectRefusedInGraph(
      await api.graphql(createProject, { input: kit.projectBody(customerId, { description: 'x\u0000' }) }, { token }),
      'description',
    );
    const deepGraph = rawJson(
      {
        query: createProject,
        variables: { input: kit.projectBody(customerId, { products: [{ name: 'B', attributes: 'DEEP' }] }) },
      },
      nested(5000),
    );
    expectRefusedInGraph(await api.graphql(createProject, undefined, { token, rawBody: deepGraph }), 'attributes');
    // Deeper than a free-form value may be (16 levels) though within what any input may be (32): named exactly.
    const tooDeep = rawJson(
      {
        query: createProject,
        variables: { input: kit.projectBody(customerId, { products: [{ name: 'B', attributes: 'DEEP' }] }) },
      },
      nested(20),
    );
    expectRefusedInGraph(
      await api.graphql(createProject, undefined, { token, rawBody: tooDeep }),
      'products.0.attributes',
    );
    const addComment = `mutation ($input: AddCommentInput!) { addTaskComment(uniqueCode: "${taskCode}", input: $input) { id } }`;
    const loneSurrogate = rawJson({ query: addComment, variables: { input: { content: 'DEEP' } } }, '"a\\ud800"');
    expectRefusedInGraph(await api.graphql(addComment, undefined, { token, rawBody: loneSurrogate }), 'content');
    expectRefusedInGraph(
      await api.graphql('{ project(uniqueCode: "PRJ-1\\u0000") { id } }', {}, { token }),
      'uniqueCode',
    );

    const addExpense = 'mutation ($input: AddProjectExpenseInput!) { addProjectExpense(input: $input) { id } }';
    for (const amount of [1e20, 1e308, 1e-320]) {
      const input = { projectId: projectCode, amount, category: 'labor', incurredAt: '2026-01-01' };
      expectRefusedInGraph(await api.graphql(addExpense, { input }, { token }), 'amount');
    }
    expect(await countRows()).toEqual(counts);
  });

  it('notifications: NUL in job and notification fields, notifierId out of range, deep contexts', async () => {
    const service = { token: actors.serviceToken };
    const job = (extra: Record<string, unknown>) => ({
      message: 'Hello',
      recipients: [{ userId: recipient.id }],
      ...extra,
    });
    for (const notifierId of [1e20, 1e308, 1e-320]) {
      expectRefusedOnRest(
        await actors.api.post('/internal/notifications/jobs', job({ notifierId }), service),
        'notifierId',
      );
    }
    expectRefusedOnRest(
      await actors.api.post('/internal/notifications/jobs', job({ message: 'Hi\u0000' }), service),
      'message',
    );
    const deepContext = rawJson(job({ recipients: [{ userId: recipient.id, context: 'DEEP' }] }), nested(5000));
    expectRefusedOnRest(
      await actors.api.post('/internal/notifications/jobs', undefined, { ...service, rawBody: deepContext }),
      'context',
    );
    expectRefusedOnRest(
      await actors.api.post(
        '/internal/notifications',
        { userId: recipient.id, message: 'Hi', title: 'T\u0000' },
        service,
      ),
      'title',
    );
    const processJob = 'mutation ($input: NotificationJobInput!) { processNotificationJob(input: $input) { jobId } }';
    expectRefusedInGraph(
      await actors.api.graphql(processJob, { input: job({ targetText: '\u0000' }) }, service),
      'targetText',
    );
    const graphDeep = rawJson(
      { query: processJob, variables: { input: job({ recipients: [{ userId: recipient.id, context: 'DEEP' }] }) } },
      nested(5000),
    );
    expectRefusedInGraph(
      await actors.api.graphql(processJob, undefined, { ...service, rawBody: graphDeep }),
      'context',
    );
    expect(await countRows()).toEqual(counts);
  });
});
