// The build compiles every workspace into one tree under dist/; each workspace's package.json exports its
// compiled files from ./dist, so that folder is linked to the workspace's part of that tree.
import { existsSync, lstatSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

for (const workspace of workspaces) {
  const link = join(root, workspace, 'dist');
  const target = join(root, 'dist', workspace, 'src');
  if (!existsSync(target)) throw new Error(`build output missing for ${workspace}: ${target}`);
  if (existsSync(link) || isDanglingLink(link)) rmSync(link, { recursive: true });
  symlinkSync(relative(dirname(link), target), link, 'dir');
}

function isDanglingLink(path) {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
