import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '@platform/lib/project-root';
import { eventually } from './waiting.js';

const cache = join(projectRoot(), 'node_modules', '.cache');
/** Set once per `vitest run` in vitest.config.ts, so test files in other worker processes share one build. */
const run = process.env.PLATFORM_TEST_RUN ?? `pid-${process.pid}`;
const claim = join(cache, `platform-build-${run}`);
const outcome = join(claim, 'outcome');

/**
 * Builds the product with `npm run build`, for tests that run one of its compiled entry points (an absolute
 * path) as a process of its own, as production does. Once per test run: the first file that asks builds, the
 * others wait for its outcome, so two compilers never write dist/ at the same time.
 */
export async function buildProduct(entry: string): Promise<void> {
  mkdirSync(cache, { recursive: true });
  if (claimBuild()) {
    writeFileSync(outcome, await compile(entry));
  } else {
    await eventually(async () => existsSync(outcome), { timeoutMs: 180_000, intervalMs: 250 });
  }
  if (readFileSync(outcome, 'utf8') !== 'built' || !existsSync(entry)) throw new Error(`no build of ${entry}`);
}

function claimBuild(): boolean {
  try {
    mkdirSync(claim);
  } catch {
    return false;
  }
  for (const earlier of readdirSync(cache).filter((name) => name.startsWith('platform-build-'))) {
    if (join(cache, earlier) !== claim) rmSync(join(cache, earlier), { recursive: true, force: true });
  }
  return true;
}

async function compile(entry: string): Promise<'built' | 'failed'> {
  try {
    await promisify(execFile)('npm', ['run', 'build'], { cwd: projectRoot() });
  } catch {
    // tsc still emits on type errors elsewhere in the tree (npm run check refuses those); only a missing entry
    // point stops the test
    if (!existsSync(entry)) return 'failed';
    console.warn(`npm run build reported errors; testing the emitted ${entry}`);
  }
  return 'built';
}
