import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFromNewIp } from '../../../test/client-address.js';
import type { HttpClient, HttpResult } from '../../../test/client.js';
import { startIsolatedServer } from '../../../test/harness.js';
import { collect, wsClient } from '../../../test/notifications-kit.js';
import { projectsTestKit } from '../../../test/projects-kit.js';
import { servicesMissing } from '../../../test/services.js';

const maxContractValue = Number.MAX_SAFE_INTEGER;

const createProject = `mutation ($input: CreateProjectInput!) { createProject(input: $input) { contractValue } }`;
const updateProject = `mutation ($code: String!, $input: UpdateProjectInput!) {
  updateProject(uniqueCode: $code, input: $input) { contractValue }
}`;

/** Values the graph's SafeInt cannot carry (or that are no integer at all), with how they would be echoed. */
const uncoercible: [value: unknown, echo: string][] = [
  [maxContractValue + 1, '9007199254740992'],
  [1e20, '100000000000000000000'],
  [1e308, '1e+308'],
  [1e-320, '1e-320'],
  [1.5, '1.5'],
  ['5', '"5"'],
];

type GraphResult = HttpResult<{ data?: unknown; errors?: { message: string; extensions?: Record<string, any> }[] }>;

function expectRefusedNamingField(response: HttpResult, field: string, echo: string, label: string) {
  expect(response.status, label).toBe(400);
  expect(response.body.message, label).toContain(field);
  expect(JSON.stringify(response.body), label).not.toContain(echo);
  expect(response.body.statusCode, label).toBe(400);
}

function expectBadUserInput(response: GraphResult, field: string, echo: string, label: string) {
  const [error] = response.body.errors ?? [];
  expect(error?.extensions?.code, label).toBe('BAD_USER_INPUT');
  expect(error?.message, label).toContain(field);
  expect(JSON.stringify(response.body), label).not.toContain(echo);
  expect(response.body.data ?? null, label).toBeNull();
}

describe.skipIf(servicesMissing)('inputs the graph cannot coerce (issue 23, item 3; issue 31, items 7 and 8)', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let api: HttpClient;
  let kit: Awaited<ReturnType<typeof projectsTestKit>>;
  let customerId: string;

  const asAdmin = () => ({ token: kit.adminToken });
  const projectCount = async () => (await api.get('/api/v1/projects?limit=1', asAdmin())).body.meta.total as number;

  beforeAll(async () => {
    server = await startIsolatedServer();
    api = clientFromNewIp(server.url);
    kit = await projectsTestKit(api);
    customerId = (await kit.customer()).id;
  });
  afterAll(async () => server?.close());

  it('contractValue: 2^53 - 1 is accepted on REST and in the graph; 0 too', async () => {
    const rest = await api.post('/api/v1/projects', kit.projectBody(customerId, { contractValue: maxContractValue }), {
      ...asAdmin(),
    });
    expect(rest.status).toBe(201);
    expect(rest.body.contractValue).toBe(maxContractValue);
    const graph = await api.graphql(
      createProject,
      { input: kit.projectBody(customerId, { contractValue: maxContractValue }) },
      asAdmin(),
    );
    expect(graph.body.errors).toBeUndefined();
    expect(graph.body.data.createProject.contractValue).toBe(maxContractValue);
    const zero = await api.post('/api/v1/projects', kit.projectBody(customerId, { contractValue: 0 }), asAdmin());
    expect(zero.status).toBe(201);
  });

  it('contractValue beyond 2^53 - 1, fractional, tiny or a string: 400 naming the field on REST, nothing written', async () => {
    const before = await projectCount();
    const existing = await api.post('/api/v1/projects', kit.projectBody(customerId), asAdmin());
    const code = existing.body.uniqueCode as string;
    for (const [value, echo] of [...uncoercible, [-1, '-1'] as [number, string]]) {
      const created = await api.post('/api/v1/projects', kit.projectBody(customerId, { contractValue: value }), {
        ...asAdmin(),
      });
      expectRefusedNamingField(created, 'contractValue', echo, `create ${echo}`);
      const updated = await api.patch(
        `/api/v1/projects/${code}`,
        { contractValue: value, name: 'Not applied' },
        {
          ...asAdmin(),
        },
      );
      expectRefusedNamingField(updated, 'contractValue', echo, `update ${echo}`);
    }
    expect(await projectCount()).toBe(before + 1);
    const kept = await api.get(`/api/v1/projects/${code}`, asAdmin());
    expect(kept.body).toMatchObject({ name: existing.body.name, contractValue: existing.body.contractValue });
  });

  it('contractValue the graph cannot coerce: BAD_USER_INPUT naming the field, in variables and in the document', async () => {
    const before = await projectCount();
    const existing = await api.post('/api/v1/projects', kit.projectBody(customerId), asAdmin());
    const code = existing.body.uniqueCode as string;
    for (const [value, echo] of uncoercible) {
      const input = kit.projectBody(customerId, { contractValue: value });
      const created: GraphResult = await api.graphql(createProject, { input }, asAdmin());
      expectBadUserInput(created, 'contractValue', echo, `create ${echo}`);
      const updated: GraphResult = await api.graphql(
        updateProject,
        { code, input: { contractValue: value } },
        {
          ...asAdmin(),
        },
      );
      expectBadUserInput(updated, 'contractValue', echo, `update ${echo}`);
    }
    const literal: GraphResult = await api.graphql(
      `mutation { createProject(input: { name: "Literal", contractValue: 9007199254740992, customerId: "${customerId}",
        replyDate: "2026-12-15" }) { contractValue } }`,
      {},
      asAdmin(),
    );
    expectBadUserInput(literal, 'contractValue', '9007199254740992', 'literal');
    const refused: GraphResult = await api.graphql(
      createProject,
      { input: kit.projectBody(customerId, { contractValue: -1 }) },
      asAdmin(),
    );
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(refused.body.errors?.[0]?.message).toContain('contractValue');
    expect(await projectCount()).toBe(before + 1);
  });

  it('a REST query value the graph cannot coerce (page=2^31) answers 400 naming it, without the GraphQL layer', async () => {
    // The rule names the range, so the body is compared whole rather than searched for the value.
    const int32 = 'must be an integer from -2147483648 to 2147483647';
    for (const [path, field] of [
      ['/api/v1/projects?page=2147483648', 'page'],
      ['/api/v1/tasks/my?limit=99999999999', 'limit'],
    ] as const) {
      const refused = await api.get(path, asAdmin());
      expect(refused.status, path).toBe(400);
      expect(refused.body, path).toEqual({
        message: `${field}: ${int32}`,
        statusCode: 400,
        errors: [{ path: field, message: int32 }],
      });
    }
    const graph: GraphResult = await api.graphql(
      'query ($page: Int) { projects(page: $page) { meta { total } } }',
      { page: 2147483648 },
      asAdmin(),
    );
    expect(graph.status).toBe(400);
    expect(graph.body.errors).toEqual([
      {
        message: `page: ${int32}`,
        extensions: { code: 'BAD_USER_INPUT', errors: [{ path: 'page', message: int32 }], statusCode: 400 },
      },
    ]);
  });

  it('a wrong type, an unknown field and a missing field in the graph: BAD_USER_INPUT naming the field', async () => {
    const cases: [input: Record<string, unknown>, field: string, echo: string][] = [
      [{ ...kit.projectBody(customerId), name: { $ne: 'x' } }, 'name', '$ne'],
      [{ ...kit.projectBody(customerId), ownerOf: 'everything-marker' }, 'ownerOf', 'everything-marker'],
      [{ ...kit.projectBody(customerId), products: [{ name: 'A' }, { name: ['B'] }] }, 'products.1.name', '"B"'],
      [{ contractValue: 1, customerId, replyDate: '2026-12-15' }, 'name', 'Variable'],
    ];
    for (const [input, field, echo] of cases) {
      const refused: GraphResult = await api.graphql(createProject, { input }, asAdmin());
      expectBadUserInput(refused, field, echo, field);
      expect(refused.body.errors?.[0]?.message.startsWith(`${field}: `), field).toBe(true);
    }
  });

  it('over graphql-ws: a subscription variable the graph cannot coerce is refused naming it', async () => {
    const client = wsClient(server.url, kit.adminToken);
    try {
      const subscription = collect(
        client,
        'subscription ($id: String!) { confirmationStatusChanged(confirmationId: $id) { status } }',
        { id: { $ne: 'x' } },
      );
      await subscription.settled();
      const [errors] = subscription.errors as { message: string; extensions?: Record<string, unknown> }[][];
      expect(errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(errors?.[0]?.message).toBe('id: must be a string');
    } finally {
      await client.dispose();
    }
  });
});
