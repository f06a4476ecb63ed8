import { httpClient, type HttpClient } from '../test/client.js';
import { createUser } from '../test/users.js';
import { compareArms, customRow, type Arm, type BenchRow } from './lib/compare.js';
import type { BenchContext } from './lib/context.js';
import type { RequestSpec } from './lib/load-generator.js';

const taskCount = 100;
const pageSize = 50;
const createCustomerMutation = 'mutation ($input: CreateCustomerInput!) { createCustomer(input: $input) { id } }';

/**
 * The 304 must serve at least 4 times the full answer's requests per second, and its median take at most 0.25x the
 * full answer's (decisions: issue 28, Conditional requests: measured 5-22x, 0.03x-0.2x).
 */
export const conditionalTarget = 4;

/** A project of 100 tasks (two participants and tags each) made by the admin through the bulk path. */
async function seedTasks(api: HttpClient, adminToken: string): Promise<{ projectCode: string; taskCode: string }> {
  const [first, second] = [
    await createUser(api, adminToken, { withEmployee: true, emailPrefix: 'bench-conditional-a' }),
    await createUser(api, adminToken, { withEmployee: true, emailPrefix: 'bench-conditional-b' }),
  ];
  const customer = await api.graphql<{ createCustomer: { id: string } }>(
    createCustomerMutation,
    { input: { name: 'Bench conditional customer' } },
    { token: adminToken },
  );
  if (!customer.body.data) throw new Error(`bench createCustomer failed: ${JSON.stringify(customer.body)}`);
  const project = await api.post(
    '/api/v1/projects',
    {
      name: 'Bench conditional project',
      contractValue: 1,
      currency: 'EUR',
      customerId: customer.body.data.createCustomer.id,
      replyDate: '2026-12-15',
    },
    { token: adminToken },
  );
  if (project.status !== 201)
    throw new Error(`bench project failed: ${project.status} ${JSON.stringify(project.body)}`);
  const projectCode = (project.body as { uniqueCode: string }).uniqueCode;
  const tasks = Array.from({ length: taskCount }, (_, index) => ({
    projectUniqueCode: projectCode,
    departmentId: first!.department!.id,
    name: `Weld beam ${index}`,
    description: 'Weld the beam to the column, check the seam',
    endDate: '2026-12-20',
    priority: 'high',
    status: 'todo',
    tags: ['steel', 'site'],
    participantIds: [first!.employee!.id, second!.employee!.id],
  }));
  const created = await api.post('/api/v1/tasks/bulk', { tasks }, { token: adminToken });
  if (created.status !== 201) throw new Error(`bench tasks failed: ${created.status} ${JSON.stringify(created.body)}`);
  return { projectCode, taskCode: (created.body as { data: { unique_code: string }[] }).data[0]!.unique_code };
}

/** The full answer's ETag, checked to answer 304 when sent back. */
async function currentTag(api: HttpClient, path: string, token: string): Promise<string> {
  const full = await api.get(path, { token });
  const tag = full.headers.get('etag');
  if (full.status !== 200 || !tag) throw new Error(`GET ${path}: ${full.status}, tag ${tag}`);
  const again = await api.get(path, { token, headers: { 'if-none-match': tag } });
  if (again.status !== 304) throw new Error(`GET ${path} with its own tag: ${again.status}`);
  return tag;
}

/**
 * Issue 28, item 3: a conditional GET whose tag still holds (304, one cheap statement) against the full answer (200)
 * of the same path, in the same run: a page of 50 of a project's 100 tasks and one task, with the runner's
 * connections (throughput: the subject must serve `conditionalTarget` times the baseline's requests per second)
 * and with one connection (latency: a row comparing the medians, with the same target).
 */
export async function runConditionalBench(context: BenchContext): Promise<BenchRow[]> {
  const { bench, load, settings } = context;
  const api = httpClient(bench.url);
  const { accessToken: adminToken } = await bench.login();
  const { projectCode, taskCode } = await seedTasks(api, adminToken);
  const bearer = { authorization: `Bearer ${adminToken}` };
  const cases = [
    { name: `task list page (${pageSize} of ${taskCount} tasks)`, path: `/api/v1/tasks/projects/${projectCode}/tasks` },
    { name: 'one task', path: `/api/v1/tasks/${taskCode}` },
  ];
  const rows: BenchRow[] = [];
  for (const { name, path } of cases) {
    const fullPath = path.endsWith('/tasks') ? `${path}?limit=${pageSize}` : path;
    const tag = await currentTag(api, fullPath, adminToken);
    const shown = fullPath.replace(projectCode, '<project>').replace(taskCode, '<task>');
    const full: RequestSpec = { method: 'GET', path: fullPath, headers: bearer };
    const conditional: RequestSpec = { ...full, headers: { ...bearer, 'if-none-match': tag }, expectStatus: 304 };
    const subject: Arm = { name: `GET ${shown} If-None-Match (304)`, port: bench.port, request: () => conditional };
    const baseline: Arm = { name: `GET ${shown} (200)`, port: bench.port, request: () => full };
    const comparison = { suite: 'conditional', subject, baseline, target: conditionalTarget };
    rows.push(...(await compareArms(load, settings, { ...comparison, name: `${name}: 304 / 200` })));
    const alone = await compareArms(
      load,
      { ...settings, connections: 1 },
      { ...comparison, name: `${name}, 1 connection: 304 / 200` },
    );
    rows.push(...alone);
    const [subjectRow, baselineRow] = alone;
    if (subjectRow && baselineRow) {
      // The ratio is the 200's median over the 304's: at least the target means at most 1/target of the time.
      const ratio = baselineRow.p50Ms / subjectRow.p50Ms;
      const share = (subjectRow.p50Ms / baselineRow.p50Ms).toFixed(2);
      rows.push(
        customRow('conditional', `${name}, 1 connection: p50 of 200 / p50 of 304`, `304 takes ${share}x the time`, {
          p50Ms: subjectRow.p50Ms,
          ratio,
          target: conditionalTarget,
          pass: subjectRow.errors === 0 && baselineRow.errors === 0 && ratio >= conditionalTarget,
        }),
      );
    }
  }
  return rows;
}
