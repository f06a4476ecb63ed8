import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { processesOf, type SoakCluster } from './cluster.js';
import { collectedMemory, type CollectedMemory } from './collected-memory.js';

interface Sample {
  pid: number;
  at: number;
  mb: number;
}

export interface MemoryResult {
  /** Resident memory at the start and the end of the judged window, after a full garbage collection (Node). */
  startMb: number;
  endMb: number;
  /** The V8 heap in use at the same two moments (Node processes only). */
  heapStartMb?: number;
  heapEndMb?: number;
  /** Whether the process ran long enough after its warm-up to be judged (one started again late is not). */
  judged: boolean;
  growth: number;
}

interface Reading {
  pid: number;
  at: number;
  memory: CollectedMemory;
}

function residentMb(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round((kb / 1024) * 10) / 10 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The memory of every process of the cluster, by its stable name. A process is judged over its window: from the
 * later of the end of its own warm-up (`warmUpMs` of its life: a process started again has a warm-up of its own)
 * and the end of the faults (`faultsOver`: a fault moves load between processes, the edge that stays up takes the
 * killed edge's sockets and keeps them, which is not growth), to the end of the run; only when the window is
 * `judgedAfterMs` or longer, so a short run judges none.
 *
 * A Node process's memory is read at both ends of its window right after a full garbage collection, asked for
 * through its inspector: under load its resident memory saws by 20-40% (it climbs until V8 compacts the old
 * space, then drops within seconds), so two plain samples differ by where each fell in the saw, which says
 * nothing about growth. Redis, Sentinel and HAProxy are read as they are. Every process's resident memory is also
 * sampled every 5 s (`series`), to show the saw.
 */
export class MemorySampler {
  private readonly samples = new Map<string, Sample[]>();
  private readonly born = new Map<number, number>();
  private readonly starts = new Map<string, Promise<Reading | undefined>>();
  private readonly timer: NodeJS.Timeout;
  private steadyFrom = Number.POSITIVE_INFINITY;

  constructor(
    private readonly cluster: SoakCluster,
    private readonly logs: string,
    private readonly policy: { warmUpMs: number; judgedAfterMs: number },
  ) {
    this.sample();
    this.timer = setInterval(() => this.sample(), 5000);
  }

  /** The last fault is over: growth is measured from here (or from a process's warm-up, whichever is later). */
  faultsOver(): void {
    this.steadyFrom = Date.now();
    this.sample();
  }

  private sample(): void {
    const at = Date.now();
    for (const [name, pid] of processesOf(this.cluster.state())) {
      const mb = residentMb(pid);
      if (mb === undefined) continue;
      if (!this.born.has(pid)) this.born.set(pid, at);
      const samples = this.samples.get(name) ?? [];
      samples.push({ pid, at, mb });
      this.samples.set(name, samples);
      const key = `${name}:${pid}`;
      if (!this.starts.has(key) && at - this.born.get(pid)! >= this.policy.warmUpMs && at >= this.steadyFrom) {
        this.starts.set(key, this.read(name, pid));
      }
    }
  }

  private async read(name: string, pid: number): Promise<Reading | undefined> {
    const memory = await collectedMemory(join(this.logs, `${name}.log`));
    return memory && { pid, at: Date.now(), memory };
  }

  /** Every sample, by process (MB every 5 s): where to look when a process grew. */
  series(): Record<string, { pid: number; at: string; mb: number }[]> {
    return Object.fromEntries(
      [...this.samples].map(([name, samples]) => [
        name,
        samples.map(({ pid, at, mb }) => ({ pid, at: new Date(at).toISOString(), mb })),
      ]),
    );
  }

  async stop(): Promise<Record<string, MemoryResult>> {
    clearInterval(this.timer);
    this.sample();
    const results: Record<string, MemoryResult> = {};
    for (const [name, samples] of this.samples) {
      const last = samples.at(-1)!;
      const start = await this.starts.get(`${name}:${last.pid}`);
      const end = start && (await this.read(name, last.pid));
      results[name] =
        start && end
          ? collectedResult(start, end, this.policy)
          : plainResult(samples, this.born.get(last.pid)!, this.steadyFrom, this.policy);
    }
    return results;
  }
}

const growthOf = (start: number, end: number) => Math.round(((end - start) / start) * 1000) / 1000;

function collectedResult(start: Reading, end: Reading, policy: { judgedAfterMs: number }): MemoryResult {
  return {
    startMb: start.memory.rssMb,
    endMb: end.memory.rssMb,
    heapStartMb: start.memory.heapUsedMb,
    heapEndMb: end.memory.heapUsedMb,
    judged: end.at - start.at >= policy.judgedAfterMs,
    growth: growthOf(start.memory.rssMb, end.memory.rssMb),
  };
}

/** A process without an inspector (Redis, Sentinel, HAProxy): its resident memory as sampled over its window. */
function plainResult(
  samples: Sample[],
  born: number,
  steadyFrom: number,
  policy: { warmUpMs: number; judgedAfterMs: number },
): MemoryResult {
  const last = samples.at(-1)!;
  const window = samples.filter(
    (sample) => sample.pid === last.pid && sample.at - born >= policy.warmUpMs && sample.at >= steadyFrom,
  );
  const start = window[0] ?? last;
  return {
    startMb: start.mb,
    endMb: last.mb,
    judged: last.at - start.at >= policy.judgedAfterMs,
    growth: growthOf(start.mb, last.mb),
  };
}
