import 'reflect-metadata';
import { GraphQLObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildProjectsSchema } from './schema.js';

/**
 * The dashboards' pages resolve thousands of plain fields per request (a nested page: 50 tasks, 500 comments,
 * 550 activities): those are read straight off the view, without type-graphql's per-field middleware wrapper
 * (decisions: Request cost, round two). Field resolvers keep theirs.
 */
describe("the pages' plain fields", () => {
  it('have no resolver of their own, and field resolvers keep theirs', async () => {
    const { schema } = await buildProjectsSchema();
    const field = (type: string, name: string) => {
      const found = schema.getType(type);
      if (!(found instanceof GraphQLObjectType)) throw new Error(`no object type ${type}`);
      return found.getFields()[name]!;
    };
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
    expect(plain.filter(([type, name]) => field(type, name).resolve !== undefined)).toEqual([]);
    for (const [type, name] of [
      ['Task', 'comments'],
      ['Task', 'activities'],
      ['TaskComment', 'actor'],
      ['Project', 'customer'],
    ] as const) {
      expect(field(type, name).resolve, `${type}.${name}`).toBeTypeOf('function');
    }
  });
});
