import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { resolvedAmong } from '../../../test/schema-fields.js';
import { buildAuthSchema } from './schema.js';

/**
 * The people of the dashboards' pages (a page's creators, actors and participants, with their departments) are
 * resolved in their hundreds per request: their fields are read straight off the view, without type-graphql's
 * per-field middleware wrapper, as the projects subgraph's pages' types are (decisions: Request cost, round two).
 */
describe("the people's plain fields", () => {
  it('have no resolver of their own', async () => {
    const { schema } = await buildAuthSchema();
    const plain = [
      ['Person', 'name'],
      ['Person', 'avatarFileId'],
      ['Employee', 'id'],
      ['Employee', 'code'],
      ['Employee', 'email'],
      ['Employee', 'department'],
      ['Department', 'name'],
    ] as const;
    expect(resolvedAmong(schema, plain)).toEqual([]);
  });
});
