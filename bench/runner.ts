import 'reflect-metadata';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { BenchRow, BenchSettings } from './lib/compare.js';
import { LoadGenerator } from './lib/load-generator.js';
import { benchEnvironment, startBenchSystem } from './lib/system.js';
import { formatTable } from './lib/table.js';
import { suites } from './suites.js';

const numberFrom = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/**
 * BENCH_ROUNDS, BENCH_ROUND_MS, BENCH_WARMUP_MS and BENCH_CONNECTIONS shorten or lengthen a run; BENCH_ONLY
 * picks suites by name, BENCH_FILTER comparisons by name.
 */
const settings: BenchSettings = {
  rounds: numberFrom('BENCH_ROUNDS', 3),
  roundMs: numberFrom('BENCH_ROUND_MS', 4000),
  warmupMs: numberFrom('BENCH_WARMUP_MS', 2000),
  connections: numberFrom('BENCH_CONNECTIONS', 32),
  filter: process.env.BENCH_FILTER,
};

const resultsFile = fileURLToPath(new URL('../../bench/results.json', import.meta.url));

async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY?.split(',');
  const selected = suites.filter((suite) => !only || only.includes(suite.name));
  const bench = await startBenchSystem();
  const load = new LoadGenerator();
  const rows: BenchRow[] = [];
  try {
    for (const suite of selected) {
      process.stderr.write(`suite ${suite.name}\n`);
      rows.push(...(await suite.run({ bench, load, settings })));
    }
  } finally {
    load.close();
    await bench.close();
  }
  const notes = [
    `loopback, ${settings.connections} keep-alive connections from a separate load-generator process`,
    `${settings.rounds} alternating rounds of ${settings.roundMs} ms per arm after a ${settings.warmupMs} ms warm-up`,
    `environment: ${Object.entries(benchEnvironment)
      .map(([name, value]) => `${name}=${value}`)
      .join(' ')} (rate limiting off for every arm alike)`,
    'CPU µs/req: user + system CPU of the server process over each round / requests served',
  ];
  console.log(`\n${formatTable(rows)}\n\n${notes.map((note) => `* ${note}`).join('\n')}`);
  await writeFile(
    resultsFile,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, settings, notes, rows }, null, 2)}\n`,
  );
  console.log(`\nwritten: bench/results.json`);
  // Some runs stayed alive after their results (seen after page-floors and notifications, idle, no socket or child
  // open): a handle a suite left open. Say what holds the process, then end it; the results are written.
  setTimeout(() => {
    console.error(
      `bench: still running 10 s after its results, held by: ${process.getActiveResourcesInfo().join(', ')}`,
    );
    process.exit(0);
  }, 10_000).unref();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
