import type { EntityManager } from '@mikro-orm/postgresql';
import { DirectoryReferences } from './directory.repository.js';

/** How the auth directory's references are built for a request (context.ts). */
export const directoryWiring = {
  directory: (scope: { em: EntityManager }) => new DirectoryReferences(scope.em),
};
