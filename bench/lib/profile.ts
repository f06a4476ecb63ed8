import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

/**
 * BENCH_PROFILE=<directory>: after its measured rounds, each comparison runs one more round of its subject
 * alone under a CPU profile of this process (the sampling of `node --cpu-prof`, without the baseline's
 * rounds mixed in), not counted in its row, written as <directory>/<comparison>.cpuprofile for
 * bench/profile-summary.mjs or Chrome's DevTools.
 */
export class SubjectProfiler {
  private readonly session = new Session();

  constructor(private readonly directory = process.env.BENCH_PROFILE) {}

  async profile(comparison: string, round: () => Promise<unknown>): Promise<void> {
    if (!this.directory) return;
    await this.start();
    await round();
    await this.stop(this.directory, comparison);
  }

  private async start(): Promise<void> {
    this.session.connect();
    await this.session.post('Profiler.enable');
    // 0.2 ms rather than the default 1 ms: a round of a few seconds then gives some 10,000 samples.
    await this.session.post('Profiler.setSamplingInterval', { interval: 200 });
    await this.session.post('Profiler.start');
  }

  private async stop(directory: string, comparison: string): Promise<void> {
    const { profile } = await this.session.post('Profiler.stop');
    this.session.disconnect();
    await mkdir(directory, { recursive: true });
    const file = join(directory, `${comparison.replaceAll(/[^\w.-]+/g, '_')}.cpuprofile`);
    await writeFile(file, JSON.stringify(profile));
  }
}
