import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { composeSchemas } from './compose.js';

const committed = (name: string) => readFileSync(new URL(`./${name}.graphql`, import.meta.url), 'utf8');

describe('schema/ (generated SDL, committed)', async () => {
  const { subgraphs, supergraph } = await composeSchemas();

  it.each(Object.keys(subgraphs))('%s.graphql matches what the code produces (run `npm run schema`)', (name) => {
    expect(committed(name)).toBe(`${subgraphs[name]!.trim()}\n`);
  });

  it('supergraph.graphql composes without errors and matches the committed file', () => {
    expect(committed('supergraph')).toBe(`${supergraph.trim()}\n`);
  });
});
