import type { SubgraphDatabaseOptions } from '@platform/lib/database';
import { authEntities } from './entities.js';
import { authMigrations } from './migrations/index.js';

/** The subgraph's PostgreSQL schema, entities and migrations: opened by its app, migrated by `platform migrate`. */
export const authDatabase: SubgraphDatabaseOptions = {
  schema: 'auth',
  entities: authEntities,
  migrations: authMigrations,
};
