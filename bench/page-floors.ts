import type { AddressInfo } from 'node:net';
import { httpClient } from '../test/client.js';
import { compareArms, customRow, selects, type Arm, type BenchRow } from './lib/compare.js';
import type { BenchContext } from './lib/context.js';
import type { RequestSpec } from './lib/load-generator.js';
import { recordStatements, sendJson } from './lib/wire-statements.js';
import { measureDesignFloors } from './design-floors.js';
import { startPageFloors } from './page-floor-server.js';
import { startOurGateway, startStandaloneSubgraphs } from './peer.js';
import { listOperation, seedProjects } from './projects.js';
import { nestedOperation, nestedPageSize, seedTasks } from './tasks-nested.js';

const json = { 'content-type': 'application/json' };
/** Issue 29: a page's whole server CPU at most 3x its floor, the subgraphs' CPU of a nested page at most 2x. */
const pageTarget = 3;
const subgraphTarget = 2;
/** A page is tens of milliseconds of CPU: few connections, as the tasks-nested suite has. */
const connections = 4;
const smallPage = 10;
/** The standalone subgraph processes' warm-up before the distributed comparison, besides the comparison's own. */
const subgraphWarmupMs = 10_000;

const comparisons = {
  nested: `nested tasks (${nestedPageSize}) / its floor, single node`,
  projects: `projects (${nestedPageSize}) / its floor, single node`,
  subgraphs: `nested tasks (${nestedPageSize}): subgraph processes / floor, distributed`,
  statements: 'SQL statements per page',
  designNested: `nested tasks (${nestedPageSize}): design-card floor (the mandated libraries alone)`,
  designProjects: `projects (${nestedPageSize}): design-card floor (the mandated libraries alone)`,
};

/**
 * Issue 29, item 1: the nested tasks page and the 50-project page against their floors (bench/page-floor-server.ts),
 * which answer the same JSON, checked byte for byte, with the same statements; the statements of each page at
 * two sizes; the subgraph processes' CPU per nested page in the distributed layout against the same floor; and
 * the design-card floors of both pages (bench/design-floors.ts): the mandated libraries alone beside each floor.
 */
export async function runPageFloorsBench(context: BenchContext): Promise<BenchRow[]> {
  const { bench, load, settings } = context;
  const wanted = Object.values(comparisons).filter((name) => selects(settings, name));
  if (wanted.length === 0) return [];
  const api = httpClient(bench.url);
  const { accessToken } = await bench.login();
  const projectCode = await seedTasks(bench, api, accessToken);
  await seedProjects(bench, api, accessToken);
  const headers = { ...json, authorization: `Bearer ${accessToken}` };
  const nestedBody = (limit: number) =>
    JSON.stringify({
      query: nestedOperation(),
      variables: { projectId: projectCode, limit, includeComments: true, includeActivities: true },
    });
  const projectsBody = (limit: number) => JSON.stringify({ query: listOperation(), variables: { limit } });
  const spec = (path: string, body: string): RequestSpec => ({ method: 'POST', path, headers, body });
  const pages = {
    nested: {
      graph: spec('/graphql', nestedBody(nestedPageSize)),
      floor: spec('/nested-tasks', nestedBody(nestedPageSize)),
    },
    projects: {
      graph: spec('/graphql', projectsBody(nestedPageSize)),
      floor: spec('/projects', projectsBody(nestedPageSize)),
    },
  };
  const rows: BenchRow[] = [];

  if (selects(settings, comparisons.statements)) {
    const sizes = [spec('/graphql', nestedBody(smallPage)), pages.nested.graph];
    const projectSizes = [spec('/graphql', projectsBody(smallPage)), pages.projects.graph];
    const recorded = await recordStatements(bench, [...sizes, ...projectSizes], async (port) => {
      await sendJson(port, pages.nested.graph);
      await sendJson(port, pages.projects.graph);
    });
    const [nestedSmall, nestedLarge, projectsSmall, projectsLarge] = recorded.map((statements) => statements.length);
    // A count that moves with the page size is explained by the statements themselves.
    if (nestedSmall !== nestedLarge || projectsSmall !== projectsLarge) {
      const heads = (statements: string[]) => statements.map((sql) => `    ${sql.trim().slice(0, 160)}`).join('\n');
      process.stderr.write(`  statements per page moved with its size:\n${recorded.map(heads).join('\n  --\n')}\n`);
    }
    const countRow = (page: string, small: number, large: number) =>
      customRow(
        'page-floors',
        `${comparisons.statements}: ${page}`,
        `${smallPage}: ${small}, ${nestedPageSize}: ${large} (wire count; target: the same at both sizes)`,
        {
          requests: 2,
          pass: small === large,
        },
      );
    rows.push(
      countRow('nested tasks', nestedSmall!, nestedLarge!),
      countRow('projects', projectsSmall!, projectsLarge!),
    );
  }

  const floors = await startPageFloors(bench.databaseUrl, bench.system.platform);
  try {
    for (const page of Object.values(pages)) {
      const graph = await sendJson<unknown>(bench.port, page.graph);
      const floor = await sendJson<unknown>(floors.port, page.floor);
      if (JSON.stringify(graph) !== JSON.stringify(floor)) {
        throw new Error(`the floor's answer differs from the graph's:\n${JSON.stringify(floor).slice(0, 2000)}`);
      }
    }
    const arm = (name: string, port: number, request: RequestSpec, cpuMicros?: () => number): Arm => ({
      name,
      port,
      request: () => request,
      cpuMicros,
    });
    const floorArm = (page: keyof typeof pages, name: string) =>
      arm(`${name} floor: bare node:http, same statements and JSON`, floors.port, pages[page].floor);
    const paged = { ...settings, connections };
    rows.push(
      ...(await compareArms(load, paged, {
        suite: 'page-floors',
        name: comparisons.nested,
        subject: arm('nestedTasks via gateway /graphql', bench.port, pages.nested.graph),
        baseline: floorArm('nested', 'nested tasks'),
        target: pageTarget,
        ratioOf: 'cpu',
      })),
      ...(await compareArms(load, paged, {
        suite: 'page-floors',
        name: comparisons.projects,
        subject: arm('projects via gateway /graphql', bench.port, pages.projects.graph),
        baseline: floorArm('projects', 'projects'),
        target: pageTarget,
        ratioOf: 'cpu',
      })),
    );
    if (selects(settings, comparisons.subgraphs)) {
      const standalone = await startStandaloneSubgraphs(bench);
      const ours = await startOurGateway(bench, standalone.urls);
      try {
        const port = (ours.app.server.address() as AddressInfo).port;
        await sendJson(port, pages.nested.graph);
        // Fresh processes: their code is compiled (and partly loaded) on the first pages, which the comparison's
        // own warm-up of a few pages would leave inside the measured rounds.
        await load.run({ port, request: pages.nested.graph, durationMs: subgraphWarmupMs, connections });
        rows.push(
          ...(await compareArms(load, paged, {
            suite: 'page-floors',
            name: comparisons.subgraphs,
            subject: arm(
              'subgraph processes behind our gateway (distributed)',
              port,
              pages.nested.graph,
              standalone.cpuMicros,
            ),
            baseline: floorArm('nested', 'nested tasks'),
            target: subgraphTarget,
            ratioOf: 'cpu',
          })),
        );
      } finally {
        await ours.close();
        await standalone.close();
      }
    }
    const designPages = [
      { name: comparisons.designNested, page: 'nested', subgraphBudget: subgraphTarget },
      { name: comparisons.designProjects, page: 'projects' },
    ] as const;
    const design = designPages.filter(({ name }) => selects(settings, name));
    if (design.length > 0) {
      rows.push(
        ...(await measureDesignFloors({
          bench,
          load,
          settings,
          connections,
          accessToken,
          pages: design.map(({ name, page, ...budgets }) => ({
            name,
            graph: pages[page].graph,
            floor: {
              port: floors.port,
              request: pages[page].floor,
              transport: { ...pages[page].floor, path: `${pages[page].floor.path}/transport` },
            },
            pageBudget: pageTarget,
            ...budgets,
          })),
        })),
      );
    }
  } finally {
    await floors.close();
  }
  return rows;
}
