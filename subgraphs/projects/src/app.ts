import { pingDatabase, type DatabasePool } from '@platform/lib/database';
import type { Subgraph } from '@platform/lib/graphql/subgraph';
import type { Platform } from '@platform/lib/platform';
import { createProjectsServices, type ProjectsContext } from './context.js';
import { projectsEntities } from './entities.js';
import { projectsMigrations } from './migrations/index.js';
import { buildProjectsSchema } from './schema.js';

export async function createProjectsSubgraph(
  _platform: Platform,
  database: DatabasePool,
): Promise<Subgraph<ProjectsContext>> {
  const orm = await database.open({
    schema: 'projects',
    entities: projectsEntities,
    migrations: projectsMigrations,
  });
  const { schema, sdl } = await buildProjectsSchema();
  return {
    name: 'projects',
    schema,
    sdl,
    createContext: (base) => ({ ...base, projects: createProjectsServices(orm) }),
    health: () => pingDatabase(orm),
    close: async () => undefined,
  };
}
