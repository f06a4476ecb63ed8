import 'reflect-metadata';
import type { EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import type { PreparedStatement } from '@platform/lib/database';
import { TaskFacetRepository } from '@platform/projects/task-facets/task-facet.repository';
import type { AddressInfo } from 'node:net';
import { openSystem } from '@platform/gateway/system';
import { createLogger } from '@platform/lib/logger';
import { httpClient } from '../test/client.js';
import { startStatementCounter } from '../test/sql-statement-counter.js';
import { startBenchSystem, type BenchSystem } from './lib/system.js';
import { seedProject } from './task-facets.js';

/**
 * The plans of the filter-options statements on the bench's project of 100,000 tasks (bench/task-facets.ts seeds
 * it): each statement as the repository sends it (captured from its own call), prepared on one connection, run
 * six times (PostgreSQL may switch a prepared statement to its generic plan after five), then EXPLAIN (ANALYZE,
 * BUFFERS) with the same values, and the time of 50 more executions. Usage, after the bench's build:
 * node dist/bench/task-facets-explain.js > docs/bench/task-facets-explain.txt
 */

/** An entity manager whose one connection records the statement instead of running it. */
function capturing(): { em: EntityManager; sent: (PreparedStatement & { values: unknown[] })[] } {
  const sent: (PreparedStatement & { values: unknown[] })[] = [];
  const connection = {
    query: async (statement: PreparedStatement & { values: unknown[] }) => {
      sent.push(statement);
      return { rows: [] };
    },
  };
  const client = { acquireConnection: async () => connection, releaseConnection: async () => undefined };
  const em = { getConnection: () => ({ getKnex: () => ({ client }) }) } as unknown as EntityManager;
  return { em, sent };
}

/** Every statement one REST request of each case sends, counted on the wire (the job engine's polls left out). */
async function printRequestStatements(bench: BenchSystem, token: string, projectCode: string): Promise<void> {
  const counter = await startStatementCounter(bench.databaseUrl);
  const system = await openSystem(bench.config, counter.url, createLogger('silent'));
  try {
    await system.app.listen({ port: 0, host: '127.0.0.1' });
    const api = httpClient(`http://127.0.0.1:${(system.app.server.address() as AddressInfo).port}`);
    const base = `/api/v1/tasks/filter-options?projectId=${projectCode}`;
    const searched = `${base}&filters[status]=todo,review&filters[priority]=high,urgent&searches[name]=weld%20beam`;
    for (const path of [base, searched]) {
      await api.get(path, { token });
      const statements = await counter.during(() => api.get(path, { token }), /platform_jobs\./);
      console.log(`GET ${path.replace(projectCode, '<code>')}: ${statements.length} statements`);
      for (const text of statements) console.log(`  ${text.replaceAll(/\s+/g, ' ').slice(0, 160)}`);
    }
    console.log();
  } finally {
    await system.close();
    await counter.close();
  }
}

async function main(): Promise<void> {
  const bench = await startBenchSystem();
  const database = new pg.Client({ connectionString: bench.databaseUrl });
  try {
    const { accessToken } = await bench.login();
    const project = await seedProject(bench, httpClient(bench.url), accessToken);
    const { em, sent } = capturing();
    const repository = new TaskFacetRepository(em);
    const none = { statuses: [], priorities: [], departmentIds: [], tags: [] };
    await repository.options({ id: project.id }, none);
    await repository.options(
      { uniqueCode: project.uniqueCode },
      { ...none, statuses: ['todo', 'review'], priorities: ['high', 'urgent'] },
      'weld beam',
    );
    await printRequestStatements(bench, accessToken, project.uniqueCode);
    await database.connect();
    const { rows: version } = await database.query('select version()');
    console.log(`PostgreSQL: ${version[0].version}\n`);
    for (const [index, statement] of sent.entries()) {
      const name = `explained_${index}`;
      await database.query(`prepare ${name} as ${statement.text}`);
      const literal = statement.values.map((value) =>
        value === null
          ? 'null'
          : pg.Client.prototype.escapeLiteral(
              Array.isArray(value) ? `{${value.map((item) => JSON.stringify(item)).join(',')}}` : String(value),
            ),
      );
      const execute = `execute ${name}(${literal.join(', ')})`;
      for (let run = 0; run < 6; run += 1) await database.query(execute);
      const { rows } = await database.query(`explain (analyze, buffers) ${execute}`);
      const started = performance.now();
      for (let run = 0; run < 50; run += 1) await database.query(execute);
      const meanMs = (performance.now() - started) / 50;
      console.log(`=== ${statement.name}\nvalues: ${JSON.stringify(statement.values)}\n`);
      console.log(rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n'));
      console.log(`\n50 executions: ${meanMs.toFixed(2)} ms each on average (round trip included)\n`);
    }
  } finally {
    await database.end().catch(() => undefined);
    await bench.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
