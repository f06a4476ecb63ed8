import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configurationVariables, loadConfig } from '@platform/lib/config';
import { projectRoot } from '@platform/lib/project-root';

const read = (file: string) => readFileSync(join(projectRoot(), file), 'utf8');
const secrets = { JWT_SECRET: 'x'.repeat(32), DATA_ENCRYPTION_KEY: Buffer.alloc(32).toString('base64') };
const composeOnlyMarker = '# --- docker-compose.yml only';

/** The variables named in the first column of the README's configuration table. */
function readmeVariables(): string[] {
  const section = read('README.md').split('\n## Configuration\n')[1]!.split('\n## ')[0]!;
  const firstColumns = section.split('\n').filter((line) => line.startsWith('| `'));
  return firstColumns.flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z0-9_]+)`/g)].map((match) => match[1]!));
}

/** `NAME=value` lines of .env.example, active or commented, before the docker-compose-only section. */
function exampleLines(): { name: string; value: string; active: boolean }[] {
  const platformPart = read('.env.example').split(composeOnlyMarker)[0]!;
  return [...platformPart.matchAll(/^(# )?([A-Z0-9_]+)=(.*)$/gm)].map((match) => ({
    name: match[2]!,
    value: match[3]!,
    active: match[1] === undefined,
  }));
}

describe('configuration docs match the config schema (lib/src/config.ts)', () => {
  it("names every variable in the README's table, and nothing else", () => {
    expect([...new Set(readmeVariables())].sort()).toEqual([...configurationVariables].sort());
  });

  it('lists every variable in .env.example, and nothing else', () => {
    expect(
      exampleLines()
        .map((line) => line.name)
        .sort(),
    ).toEqual([...configurationVariables].sort());
  });

  it(".env.example's active lines hold exactly the defaults", () => {
    const active = Object.fromEntries(
      exampleLines()
        .filter((line) => line.active)
        .map((l) => [l.name, l.value]),
    );
    expect(loadConfig({ ...secrets, ...active })).toEqual(loadConfig(secrets));
  });

  it(".env.example's docker-compose-only variables are the ones docker-compose.yml reads", () => {
    const composeOnly = [
      ...read('.env.example')
        .split(composeOnlyMarker)[1]!
        .matchAll(/^# ([A-Z0-9_]+)=/gm),
    ].map((match) => match[1]!);
    const compose = read('docker-compose.yml');
    const substituted = new Set([...compose.matchAll(/\$\{([A-Z0-9_]+)/g)].map((match) => match[1]!));
    expect(composeOnly.length).toBeGreaterThan(0);
    for (const name of composeOnly) expect(substituted.has(name), name).toBe(true);
    for (const name of substituted) expect([...configurationVariables, ...composeOnly], name).toContain(name);
  });
});
