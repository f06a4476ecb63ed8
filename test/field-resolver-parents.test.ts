import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { buildAuthSchema } from '@platform/auth/schema';
import { buildNotificationsSchema } from '@platform/notifications/schema';
import { buildProjectsSchema } from '@platform/projects/schema';

/** What type-graphql keeps of a `@Root()` parameter (its metadata storage is global: getMetadataStorage.js). */
interface RootParam {
  kind: string;
  methodName: string;
  target: { name: string };
  getType?: () => unknown;
}

const registeredParams = (): RootParam[] =>
  (globalThis as unknown as { TypeGraphQLMetadataStorage: { params: RootParam[] } }).TypeGraphQLMetadataStorage.params;

/**
 * No field resolver's parent is copied per call: every `@Root()` parameter is typed `Parent<...>`, emitted as
 * Object, which type-graphql passes as it is (lib/graphql/parent.ts). A parent typed with its class would be made
 * again as an instance of it for each field of each record of a page.
 */
describe('field resolvers’ parents', () => {
  it('are passed as they are, never copied into an instance of their type', async () => {
    await Promise.all([buildAuthSchema(), buildProjectsSchema(), buildNotificationsSchema()]);
    const roots = registeredParams().filter((param) => param.kind === 'root');
    expect(roots.length).toBeGreaterThan(15);
    const copied = roots
      .filter((param) => param.getType !== undefined && param.getType() !== Object)
      .map((param) => `${param.target.name}.${param.methodName}`);
    expect(copied).toEqual([]);
  });
});
