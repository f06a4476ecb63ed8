import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, found from this file whether it runs from source or from dist/. */
export function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'schema', 'supergraph.graphql'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('project root not found (schema/supergraph.graphql is missing)');
    dir = parent;
  }
  return dir;
}

export function readProjectFile(...path: string[]): string {
  return readFileSync(join(projectRoot(), ...path), 'utf8');
}

export function projectVersion(): string {
  return (JSON.parse(readProjectFile('package.json')) as { version: string }).version;
}
