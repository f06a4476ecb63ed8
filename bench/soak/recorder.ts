import { performance } from 'node:perf_hooks';

export interface Outcome {
  status: number;
  retryAfter: string | null;
  /** A transport failure (the connection closed under the request), instead of a status. */
  error?: string;
  /** The answer's body, kept with a failure to say where it came from. */
  body?: unknown;
}

export interface RecordedFailure extends Outcome {
  className: string;
  startedAt: number;
  endedAt: number;
}

export interface ClassSummary {
  requests: number;
  failed: number;
  p50Ms: number;
  p99Ms: number;
}

/** The wall clock, in ms: faults and requests are compared on it. */
export const now = () => performance.timeOrigin + performance.now();

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

/** Every request of the soak: its latency per class, and each failure with its times (judged against faults). */
export class Recorder {
  private readonly latencies = new Map<string, number[]>();
  readonly failures: RecordedFailure[] = [];
  private counting = false;

  /** Requests before this (the capacity measurement, the set-up) are not the soak's. */
  startCounting(): void {
    this.counting = true;
  }

  async time(className: string, request: () => Promise<Outcome>): Promise<Outcome> {
    const startedAt = now();
    const outcome = await request().catch((error: unknown): Outcome => ({
      status: 0,
      retryAfter: null,
      error: String(error),
    }));
    const endedAt = now();
    if (!this.counting) return outcome;
    const latencies = this.latencies.get(className) ?? [];
    latencies.push(endedAt - startedAt);
    this.latencies.set(className, latencies);
    if (outcome.status < 200 || outcome.status >= 300)
      this.failures.push({ ...outcome, className, startedAt, endedAt });
    return outcome;
  }

  summary(): Record<string, ClassSummary> {
    return Object.fromEntries(
      [...this.latencies].map(([className, latencies]) => {
        const sorted = [...latencies].sort((a, b) => a - b);
        const failed = this.failures.filter((failure) => failure.className === className).length;
        const round = (value: number) => Math.round(value * 10) / 10;
        return [
          className,
          {
            requests: latencies.length,
            failed,
            p50Ms: round(percentile(sorted, 0.5)),
            p99Ms: round(percentile(sorted, 0.99)),
          },
        ];
      }),
    );
  }
}
