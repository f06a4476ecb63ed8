import type { BenchRow, BenchSettings } from './compare.js';
import type { LoadGenerator } from './load-generator.js';
import type { BenchSystem } from './system.js';

export type { BenchRow, BenchSettings };

/** What every bench suite gets from the runner: the running system, the load generator and the settings. */
export interface BenchContext {
  bench: BenchSystem;
  load: LoadGenerator;
  settings: BenchSettings;
}

/** A suite measures its comparisons (compareArms) and returns their rows; register it in bench/suites.ts. */
export interface BenchSuite {
  name: string;
  run(context: BenchContext): Promise<BenchRow[]>;
}
