import { readFileSync } from 'node:fs';
import { processesOf, type SoakCluster } from './cluster.js';

interface Sample {
  pid: number;
  at: number;
  mb: number;
}

export interface MemoryResult {
  startMb: number;
  endMb: number;
  /** Whether the process ran long enough after its warm-up to be judged (one started again late is not). */
  judged: boolean;
  growth: number;
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
 * The resident memory of every process of the cluster, every 5 s, by its stable name. A process's start is its
 * first sample after `warmUpMs` of its own life (a process started again has a warm-up of its own) and after the
 * faults (`faultsOver`): a fault moves load between processes (the edge that stays up takes the killed edge's
 * sockets and keeps them), which is not growth. A process is judged only when at least `judgedAfterMs` passed
 * between its start and the end, so a short run judges none.
 */
export class MemorySampler {
  private readonly samples = new Map<string, Sample[]>();
  private readonly timer: NodeJS.Timeout;
  private steadyFrom = Number.POSITIVE_INFINITY;

  constructor(
    private readonly cluster: SoakCluster,
    private readonly policy: { warmUpMs: number; judgedAfterMs: number },
  ) {
    this.sample();
    this.timer = setInterval(() => this.sample(), 5000);
  }

  /** The last fault is over: growth is measured from here (or from a process's warm-up, whichever is later). */
  faultsOver(): void {
    this.steadyFrom = Date.now();
  }

  private sample(): void {
    const at = Date.now();
    for (const [name, pid] of processesOf(this.cluster.state())) {
      const mb = residentMb(pid);
      if (mb === undefined) continue;
      const samples = this.samples.get(name) ?? [];
      samples.push({ pid, at, mb });
      this.samples.set(name, samples);
    }
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

  stop(): Record<string, MemoryResult> {
    clearInterval(this.timer);
    this.sample();
    const results: Record<string, MemoryResult> = {};
    for (const [name, samples] of this.samples) {
      const last = samples.at(-1)!;
      const life = samples.filter((sample) => sample.pid === last.pid);
      const born = life[0]!.at;
      const start =
        life.find((sample) => sample.at - born >= this.policy.warmUpMs && sample.at >= this.steadyFrom) ?? last;
      const growth = (last.mb - start.mb) / start.mb;
      results[name] = {
        startMb: start.mb,
        endMb: last.mb,
        judged: last.at - start.at >= this.policy.judgedAfterMs,
        growth: Math.round(growth * 1000) / 1000,
      };
    }
    return results;
  }
}
