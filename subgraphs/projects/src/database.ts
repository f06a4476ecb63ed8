import type { SubgraphDatabaseOptions } from '@platform/lib/database';
import { projectsEntities } from './entities.js';
import { projectsMigrations } from './migrations/index.js';

/** The subgraph's PostgreSQL schema, entities and migrations: opened by its app, migrated by `platform migrate`. */
export const projectsDatabase: SubgraphDatabaseOptions = {
  schema: 'projects',
  entities: projectsEntities,
  migrations: projectsMigrations,
};
