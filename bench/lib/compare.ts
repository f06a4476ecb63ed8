import type { ChainSpec, LoadGenerator, RequestSpec, RunReport } from './load-generator.js';
import { SubjectProfiler } from './profile.js';
import { cpuMicros, mergeHistograms, percentileMs } from './stats.js';

export interface BenchSettings {
  /** Measured rounds per arm; the arms alternate (A B, B A, A B, ...). */
  rounds: number;
  roundMs: number;
  warmupMs: number;
  connections: number;
  /**
   * Only comparisons whose name contains this run (for profiling one at a time); `|` separates alternatives, so
   * rows that share no words can run together.
   */
  filter?: string;
}

/** Whether BENCH_FILTER lets the comparison of this name run: no filter, or one of its alternatives in the name. */
export function selects(settings: BenchSettings, name: string): boolean {
  return !settings.filter || settings.filter.split('|').some((alternative) => name.includes(alternative));
}

/** One side of a comparison: a server in this process and the request the load generator repeats. */
export interface Arm {
  name: string;
  port: number;
  /** Called before each round, so short-lived credentials can be renewed between rounds. */
  request(): RequestSpec | Promise<RequestSpec>;
  chain?: ChainSpec;
  /** The CPU this arm is charged, in microseconds so far: this process's unless given (other processes' CPU). */
  cpuMicros?: () => number;
}

export interface Comparison {
  suite: string;
  name: string;
  subject: Arm;
  baseline: Arm;
  /**
   * The subject must serve at least this fraction of the baseline's requests per second; null for a
   * comparison that only explains another (its ratio is printed with no verdict).
   */
  target: number | null;
  /**
   * 'cpu': the ratio is the subject's CPU per request over the baseline's, and passes at most `target` (a floor's
   * multiple); by default it is requests per second, subject over baseline, and passes at least `target`.
   */
  ratioOf?: 'cpu';
}

/** One arm's result; the subject's row carries the ratio to its baseline and the verdict. */
export interface BenchRow {
  suite: string;
  comparison: string;
  arm: string;
  role: 'subject' | 'baseline';
  requests: number;
  errors: number;
  firstError?: string;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** CPU time of the server process (user + system) divided by the requests it served. */
  cpuUsPerRequest: number;
  ratio: number | null;
  target: number | null;
  /** A target that is not a ratio (a custom row's p99 or bytes), printed in the table's target column as is. */
  goal?: string;
  pass: boolean | null;
  /** How ratio and target read: CPU per request at most the target, else requests per second at least it. */
  ratioOf?: 'cpu';
}

/** A row measured outside the A/B runner (custom suites): zeros and nulls where a field does not apply. */
export function customRow(
  suite: string,
  comparison: string,
  arm: string,
  fields: Partial<BenchRow> & { role?: BenchRow['role'] },
): BenchRow {
  return {
    suite,
    comparison,
    arm,
    role: 'subject',
    requests: 0,
    errors: 0,
    reqPerSec: 0,
    p50Ms: 0,
    p99Ms: 0,
    cpuUsPerRequest: 0,
    ratio: null,
    target: null,
    pass: null,
    ...fields,
  };
}

interface Round {
  report: RunReport;
  cpuUs: number;
}

async function measure(load: LoadGenerator, arm: Arm, durationMs: number, connections: number): Promise<Round> {
  const request = await arm.request();
  const cpu = arm.cpuMicros ?? cpuMicros;
  const before = cpu();
  const report = await load.run({ port: arm.port, request, durationMs, connections, chain: arm.chain });
  return { report, cpuUs: cpu() - before };
}

function summarize(comparison: Comparison, arm: Arm, role: BenchRow['role'], rounds: Round[]): BenchRow {
  const requests = rounds.reduce((sum, round) => sum + round.report.requests, 0);
  const elapsedMs = rounds.reduce((sum, round) => sum + round.report.elapsedMs, 0);
  const cpuUs = rounds.reduce((sum, round) => sum + round.cpuUs, 0);
  const latency = mergeHistograms(rounds.map((round) => round.report.latency));
  return {
    suite: comparison.suite,
    comparison: comparison.name,
    arm: arm.name,
    role,
    requests,
    errors: rounds.reduce((sum, round) => sum + round.report.errors, 0),
    firstError: rounds.find((round) => round.report.firstError)?.report.firstError,
    reqPerSec: requests / (elapsedMs / 1000),
    p50Ms: percentileMs(latency, 0.5),
    p99Ms: percentileMs(latency, 0.99),
    cpuUsPerRequest: requests ? cpuUs / requests : 0,
    ratio: null,
    target: null,
    pass: null,
  };
}

/**
 * Measures two arms beside each other in alternating rounds after a warm-up of each, so drift (database
 * growth, JIT, the other engineers' load on the machine) falls on both alike.
 */
export async function compareArms(
  load: LoadGenerator,
  settings: BenchSettings,
  comparison: Comparison,
): Promise<BenchRow[]> {
  const { subject, baseline } = comparison;
  if (!selects(settings, comparison.name)) return [];
  await measure(load, baseline, settings.warmupMs, settings.connections);
  await measure(load, subject, settings.warmupMs, settings.connections);
  const rounds = { subject: [] as Round[], baseline: [] as Round[] };
  for (let i = 0; i < settings.rounds; i += 1) {
    const order = i % 2 === 0 ? (['baseline', 'subject'] as const) : (['subject', 'baseline'] as const);
    for (const role of order) {
      const round = await measure(load, comparison[role], settings.roundMs, settings.connections);
      rounds[role].push(round);
      const rps = round.report.requests / (round.report.elapsedMs / 1000);
      process.stderr.write(`  ${comparison.name} round ${i + 1} ${comparison[role].name}: ${rps.toFixed(0)} req/s\n`);
    }
  }
  await new SubjectProfiler().profile(comparison.name, () =>
    measure(load, subject, settings.roundMs, settings.connections),
  );
  const subjectRow = summarize(comparison, subject, 'subject', rounds.subject);
  const baselineRow = summarize(comparison, baseline, 'baseline', rounds.baseline);
  const byCpu = comparison.ratioOf === 'cpu';
  subjectRow.ratio = byCpu
    ? subjectRow.cpuUsPerRequest / baselineRow.cpuUsPerRequest
    : subjectRow.reqPerSec / baselineRow.reqPerSec;
  subjectRow.target = comparison.target;
  if (byCpu) subjectRow.ratioOf = 'cpu';
  const within = (ratio: number, target: number) => (byCpu ? ratio <= target : ratio >= target);
  subjectRow.pass =
    comparison.target === null
      ? null
      : subjectRow.errors === 0 && baselineRow.errors === 0 && within(subjectRow.ratio, comparison.target);
  return [subjectRow, baselineRow];
}
