import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { projectRoot } from '@platform/lib/project-root';

/**
 * Builds the product with `npm run build`, for tests that run one of its compiled entry points (an absolute
 * path) as a process of its own, as production does.
 */
export async function buildProduct(entry: string): Promise<void> {
  try {
    await promisify(execFile)('npm', ['run', 'build'], { cwd: projectRoot() });
  } catch (error) {
    // tsc still emits on type errors elsewhere in the tree; only a missing entry point stops the test
    if (!existsSync(entry)) throw error;
    console.warn(`npm run build reported errors; testing the emitted ${entry}`);
  }
}
