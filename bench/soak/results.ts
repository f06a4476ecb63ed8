import type { Fault } from './faults.js';
import type { MemoryResult } from './memory.js';
import type { ClassSummary, RecordedFailure, Recorder } from './recorder.js';

/** The failover window the issue allows 503s in. */
const redisWindowMs = 10_000;
/** A request HAProxy handed to the edge as it was killed may start this long after the signal (the kill's race). */
const killRaceMs = 1000;
const memoryGrowthLimit = 0.1;

interface Target {
  name: string;
  pass: boolean;
  detail: string;
}

/** bench/soak-results.json: the shape, with the failures explained and each target's verdict. */
export interface SoakResults {
  minutes: number;
  faults: (Fault & { atIso: string })[];
  classes: Record<string, ClassSummary>;
  notifications: { sent: number; inboxItems: number; duplicates: number; lost: number; subscriptionEvents: number };
  subscribers: {
    total: number;
    disconnected: number;
    reconnected: number;
    caughtUp: number;
    missed: Record<string, number>;
  };
  revokedAccepted: number;
  memory: Record<string, MemoryResult>;
  failures: {
    onKilledEdge: number;
    redisFailover: number;
    redisWindowMs: number | null;
    unexplained: RecordedFailure[];
  };
  targets: Target[];
  pass: boolean;
}

export interface SoakFacts {
  minutes: number;
  faults: Fault[];
  recorder: Recorder;
  sentMessages: Set<string>;
  inboxes: Map<number, { id: string; message: string }[]>;
  inboxEvents: number;
  subscribers: {
    total: number;
    disconnected: number;
    reconnected: number;
    caughtUp: number;
    missed: Record<string, number>;
  };
  revoked: { accepted: number; tried: number };
  memory: Record<string, MemoryResult>;
  /** The soak's clients each hold one connection: the most requests a killed edge can have in flight. */
  connectionsHeld: number;
}

function countNotifications(facts: SoakFacts) {
  let inboxItems = 0;
  let duplicates = 0;
  let lost = 0;
  for (const items of facts.inboxes.values()) {
    for (const message of facts.sentMessages) {
      const copies = items.filter((item) => item.message === message).length;
      inboxItems += copies;
      if (copies === 0) lost += 1;
      if (copies > 1) duplicates += copies - 1;
    }
  }
  return { sent: facts.sentMessages.size * facts.inboxes.size, inboxItems, duplicates, lost };
}

/** Each failure is one the issue allows (in flight on the killed edge; 503 in the failover window) or not. */
function explainFailures(facts: SoakFacts) {
  const edgeKill = facts.faults.find((fault) => fault.name === 'edge SIGKILL');
  const redisKill = facts.faults.find((fault) => fault.name === 'Redis primary SIGKILL');
  const onKilledEdge: RecordedFailure[] = [];
  const redisFailover: RecordedFailure[] = [];
  const unexplained: RecordedFailure[] = [];
  for (const failure of facts.recorder.failures) {
    const inFlightOnKill =
      edgeKill !== undefined &&
      (failure.status === 0 || failure.status === 502) &&
      failure.startedAt <= edgeKill.at + killRaceMs &&
      failure.endedAt >= edgeKill.at;
    // Answered inside the window: a request in flight when the primary died is refused like one sent after.
    const duringFailover =
      redisKill !== undefined &&
      failure.status === 503 &&
      failure.retryAfter !== null &&
      failure.endedAt >= redisKill.at &&
      failure.endedAt <= redisKill.at + redisWindowMs;
    if (inFlightOnKill) onKilledEdge.push(failure);
    else if (duringFailover) redisFailover.push(failure);
    else unexplained.push(failure);
  }
  const lastFailover = Math.max(...redisFailover.map((failure) => failure.endedAt));
  return {
    onKilledEdge: onKilledEdge.length,
    redisFailover: redisFailover.length,
    redisWindowMs: redisKill && redisFailover.length > 0 ? Math.round(lastFailover - redisKill.at) : null,
    unexplained,
  };
}

export function judge(facts: SoakFacts): SoakResults {
  const notifications = { ...countNotifications(facts), subscriptionEvents: facts.inboxEvents };
  const failures = explainFailures(facts);
  const grown = Object.entries(facts.memory).filter(
    ([, memory]) => memory.judged && memory.growth >= memoryGrowthLimit,
  );
  const { subscribers } = facts;
  const targets: Target[] = [
    { name: 'lost', pass: notifications.lost === 0, detail: `${notifications.lost} of ${notifications.sent}` },
    { name: 'duplicates', pass: notifications.duplicates === 0, detail: `${notifications.duplicates} inbox items` },
    {
      name: 'revokedAccepted',
      pass: facts.revoked.accepted === 0,
      detail: `${facts.revoked.accepted} of ${facts.revoked.tried} tries`,
    },
    {
      name: 'subscribers',
      pass: subscribers.reconnected === subscribers.disconnected && subscribers.caughtUp === subscribers.total,
      detail: `${subscribers.disconnected} lost their connection, ${subscribers.reconnected} reconnected and read their inbox; ${subscribers.caughtUp} of ${subscribers.total} saw every item`,
    },
    {
      name: 'failures',
      pass: failures.unexplained.length === 0 && failures.onKilledEdge <= facts.connectionsHeld,
      detail: `${failures.unexplained.length} unexplained; ${failures.onKilledEdge} in flight on the killed edge (at most ${facts.connectionsHeld}); ${failures.redisFailover} 503s in the failover`,
    },
    {
      name: 'failover window',
      pass: failures.redisWindowMs === null || failures.redisWindowMs <= redisWindowMs,
      detail: failures.redisWindowMs === null ? 'no 503' : `${failures.redisWindowMs} ms of 503s`,
    },
    {
      name: 'memory',
      pass: grown.length === 0,
      detail:
        grown.length === 0
          ? 'every judged process grew less than 10%'
          : grown.map(([name, m]) => `${name} +${(m.growth * 100).toFixed(0)}%`).join(', '),
    },
  ];
  return {
    minutes: facts.minutes,
    faults: facts.faults.map((fault) => ({ ...fault, atIso: new Date(fault.at).toISOString() })),
    classes: facts.recorder.summary(),
    notifications,
    subscribers,
    revokedAccepted: facts.revoked.accepted,
    memory: facts.memory,
    failures,
    targets,
    pass: targets.every((target) => target.pass),
  };
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

/** The unexplained failures grouped by class, status, Retry-After and the start of the answer: where to look. */
function unexplainedLines(failures: RecordedFailure[]): string[] {
  if (failures.length === 0) return [];
  const groups = new Map<string, number>();
  for (const failure of failures) {
    const answer = failure.body ?? failure.error ?? '';
    const text = (typeof answer === 'string' ? answer : JSON.stringify(answer)).replace(/\s+/g, ' ').slice(0, 100);
    const key = `${failure.className} ${failure.status} retry-after=${failure.retryAfter ?? '-'} ${text}`;
    groups.set(key, (groups.get(key) ?? 0) + 1);
  }
  return ['unexplained failures:', ...[...groups].map(([key, count]) => `  ${count} x ${key}`), ''];
}

export function printResults(results: SoakResults): void {
  const classes = Object.entries(results.classes).map(([name, c]) => [
    name,
    String(c.requests),
    String(c.failed),
    c.p50Ms.toFixed(1),
    c.p99Ms.toFixed(1),
  ]);
  const memory = Object.entries(results.memory).map(([name, m]) => [
    name,
    m.startMb.toFixed(1),
    m.endMb.toFixed(1),
    m.heapStartMb?.toFixed(1) ?? '',
    m.heapEndMb?.toFixed(1) ?? '',
    `${(m.growth * 100).toFixed(1)}%`,
    m.judged ? 'yes' : 'no',
  ]);
  console.log(
    [
      `\nsoak: ${results.minutes} min`,
      table(['class', 'requests', 'failed', 'p50 ms', 'p99 ms'], classes),
      '',
      table(['process', 'start MB', 'end MB', 'heap start MB', 'heap end MB', 'growth', 'judged'], memory),
      '',
      `notifications: ${JSON.stringify(results.notifications)}`,
      `subscribers: ${JSON.stringify(results.subscribers)}; revokedAccepted: ${results.revokedAccepted}`,
      '',
      ...unexplainedLines(results.failures.unexplained),
      table(
        ['target', 'result', 'detail'],
        results.targets.map((t) => [t.name, t.pass ? 'PASS' : 'FAIL', t.detail]),
      ),
      `\nsoak ${results.pass ? 'PASSED' : 'FAILED'}`,
    ].join('\n'),
  );
}
