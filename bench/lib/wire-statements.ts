import type { AddressInfo } from 'node:net';
import { openSystem } from '@platform/gateway/system';
import { createLogger } from '@platform/lib/logger';
import { startStatementCounter } from '../../test/sql-statement-counter.js';
import { compareArms, customRow, selects, type Arm, type BenchRow } from './compare.js';
import type { BenchContext } from './context.js';
import type { RequestSpec } from './load-generator.js';
import type { BenchSystem } from './system.js';

/**
 * The job engine's workers poll on their own schedule, and the webhooks' fan-out reads the endpoints for earlier
 * changes' events; those statements are not the request's.
 */
const background = /platform_jobs\.|"projects"\."webhook_(endpoint|delivery)"/;

/** Sends one request of the spec and returns its parsed body, refusing anything but 200. */
export async function sendJson<T>(port: number, spec: RequestSpec): Promise<T> {
  const response = await fetch(`http://127.0.0.1:${port}${spec.path}`, {
    method: spec.method,
    headers: spec.headers,
    body: spec.body,
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${spec.method} ${spec.path}: ${response.status} ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

/**
 * Statements each request costs, counted on the wire: a second system over the same database, reached through
 * the statement counter (test/sql-statement-counter.ts), runs `check` (which also warms it up) and then one
 * counted request of each spec. The timed arms run on the bench's own system, which never passes through it.
 */
export async function countStatements(
  bench: BenchSystem,
  specs: RequestSpec[],
  check: (port: number) => Promise<void>,
): Promise<number[]> {
  return (await recordStatements(bench, specs, check)).map((statements) => statements.length);
}

/** The SQL text of every statement each request of `specs` runs, in order, recorded as countStatements counts. */
export async function recordStatements(
  bench: BenchSystem,
  specs: RequestSpec[],
  check: (port: number) => Promise<void>,
): Promise<string[][]> {
  const counter = await startStatementCounter(bench.databaseUrl);
  try {
    const system = await openSystem(bench.config, counter.url, createLogger('silent'));
    try {
      await system.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (system.app.server.address() as AddressInfo).port;
      await check(port);
      const recorded: string[][] = [];
      for (const spec of specs) recorded.push(await counter.during(() => sendJson(port, spec), background));
      return recorded;
    } finally {
      await system.close();
    }
  } finally {
    await counter.close();
  }
}

/** A page both arms must answer in full, before anything is measured. */
export interface PageCheck<Item extends { id: string }> {
  /** The graph answer's root field holding the page. */
  field: string;
  size: number;
  /** Whether an item carries every nested record the seed gave it. */
  complete(item: Item): boolean;
}

function checkedIds<Item extends { id: string }>(
  page: { data: Item[] } | undefined,
  check: PageCheck<Item>,
  arm: string,
) {
  const items = page?.data ?? [];
  if (items.length !== check.size || !items.every((item) => check.complete(item))) {
    throw new Error(`${arm}: expected ${check.size} complete items, got ${JSON.stringify(page).slice(0, 500)}`);
  }
  return items.map((item) => item.id);
}

/** Both arms answer the same complete page, the same items in the same order. */
export async function checkArmsAgree<Item extends { id: string }>(
  port: number,
  arms: { graph: RequestSpec; rest: RequestSpec },
  check: PageCheck<Item>,
): Promise<void> {
  const graphAnswer = await sendJson<{ data?: Record<string, { data: Item[] }>; errors?: unknown[] }>(port, arms.graph);
  if (graphAnswer.errors) throw new Error(`graph arm: ${JSON.stringify(graphAnswer.errors)}`);
  const graphIds = checkedIds(graphAnswer.data?.[check.field], check, 'graph arm');
  const restIds = checkedIds(await sendJson<{ data: Item[] }>(port, arms.rest), check, 'REST arm');
  if (graphIds.join() !== restIds.join()) throw new Error('the REST and graph arms list different items');
}

/**
 * A REST path against its own GraphQL operation through the gateway: the statements of each (a row that passes
 * when both cost the same and at most `budget`), then both arms measured side by side.
 */
export async function compareRestWithGraph<Item extends { id: string }>(
  { bench, load, settings }: BenchContext,
  comparison: {
    suite: string;
    names: { arms: string; statements: string };
    rest: { name: string; spec: RequestSpec };
    graph: { name: string; spec: RequestSpec };
    check: PageCheck<Item>;
    budget?: number;
    /** Fewer concurrent connections than the run's, for pages so large that more would measure only queueing. */
    connections?: number;
  },
): Promise<BenchRow[]> {
  const { suite, names, rest, graph, check } = comparison;
  const arms = { graph: graph.spec, rest: rest.spec };
  await checkArmsAgree(bench.port, arms, check);
  const rows: BenchRow[] = [];
  if (selects(settings, names.statements)) {
    const [graphCount, restCount] = await countStatements(bench, [graph.spec, rest.spec], (port) =>
      checkArmsAgree(port, arms, check),
    );
    rows.push(
      customRow(suite, names.statements, `REST ${restCount}, graph ${graphCount} (wire count)`, {
        requests: 2,
        pass: restCount === graphCount && restCount! <= (comparison.budget ?? Infinity),
      }),
    );
  }
  const arm = (side: { name: string; spec: RequestSpec }): Arm => ({
    name: side.name,
    port: bench.port,
    request: () => side.spec,
  });
  rows.unshift(
    ...(await compareArms(
      load,
      { ...settings, connections: comparison.connections ?? settings.connections },
      {
        suite,
        name: names.arms,
        subject: arm(rest),
        baseline: arm(graph),
        target: 0.9,
      },
    )),
  );
  return rows;
}
