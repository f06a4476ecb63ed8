import { readdir, readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { projectRoot } from '@platform/lib/project-root';

const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

const consoleFolder = () => join(projectRoot(), 'dist', 'console');
let assetNames: Promise<Set<string>> | undefined;
const loaded = new Map<string, Promise<Buffer>>();

function read(path: string): Promise<Buffer> {
  let body = loaded.get(path);
  if (!body) {
    body = readFile(path);
    loaded.set(path, body);
  }
  return body;
}

/**
 * The web console as `npm run build` made it (console/, built by Vite into dist/console): its page, or undefined
 * when it was not built (a checkout run from source).
 */
export async function consolePage(): Promise<Buffer | undefined> {
  return read(join(consoleFolder(), 'index.html')).catch(() => undefined);
}

/** The service worker the build copied from console/public (Vite copies that folder as it is). */
export async function consoleServiceWorker(): Promise<Buffer | undefined> {
  return read(join(consoleFolder(), 'push-worker.js')).catch(() => undefined);
}

/** One of the build's asset files by name; a name the build did not emit is unknown. */
export async function consoleAsset(name: string): Promise<{ body: Buffer; type: string } | undefined> {
  assetNames ??= readdir(join(consoleFolder(), 'assets')).then(
    (names) => new Set(names),
    () => new Set(),
  );
  const type = types[extname(name)];
  if (!type || !(await assetNames).has(name)) return undefined;
  return { body: await read(join(consoleFolder(), 'assets', name)), type };
}
