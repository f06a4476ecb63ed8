import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generate } from '@graphql-codegen/cli';
import { describe, expect, it } from 'vitest';
import config, { operationsFolders } from './codegen.js';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('typed operations (generated from the supergraph, committed)', async () => {
  const outputs: { filename: string; content: string }[] = await generate(config, false);
  const expected = new Map(outputs.map(({ filename, content }) => [filename.replace(root, ''), content]));

  it.each([...expected.keys()])('%s matches what the operations produce (run `npm run operations`)', (file) => {
    expect(readFileSync(`${root}${file}`, 'utf8')).toBe(expected.get(file));
  });

  it.each(operationsFolders)('%s/generated holds only generated files', (folder) => {
    const committed = readdirSync(`${root}${folder}/generated`).map((name) => `${folder}/generated/${name}`);
    expect(committed.sort()).toEqual([...expected.keys()].filter((file) => file.startsWith(`${folder}/`)).sort());
  });
});
