import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { resolvedAmong } from '../../../test/schema-fields.js';
import { buildProjectsSchema } from './schema.js';

/**
 * The dashboards' pages resolve thousands of plain fields per request (a nested page: 50 tasks, 500 comments,
 * 550 activities): those are read straight off the view, without type-graphql's per-field middleware wrapper
 * (decisions: Request cost, round two). Field resolvers keep theirs.
 */
describe("the pages' plain fields", () => {
  it('have no resolver of their own, and field resolvers keep theirs', async () => {
    const { schema } = await buildProjectsSchema();
    const plain = [
      ['Task', 'name'],
      ['TaskParticipant', 'employeeId'],
      ['TaskComment', 'content'],
      ['TaskCommentAttachment', 'fileId'],
      ['TaskActivity', 'createdAt'],
      ['TaskHistory', 'type'],
      ['Project', 'name'],
      ['Product', 'attributes'],
      ['StoredFile', 'mimeType'],
      ['Customer', 'name'],
      ['PageMeta', 'total'],
      ['TaskPage', 'data'],
      ['ProjectPage', 'meta'],
    ] as const;
    expect(resolvedAmong(schema, plain)).toEqual([]);
    const resolved = [
      ['Task', 'comments'],
      ['Task', 'activities'],
      ['TaskComment', 'actor'],
      ['Project', 'customer'],
    ] as const;
    expect(resolvedAmong(schema, resolved)).toEqual(resolved.map(([type, name]) => `${type}.${name}`));
  });
});
