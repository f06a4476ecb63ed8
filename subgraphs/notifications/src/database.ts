import type { SubgraphDatabaseOptions } from '@platform/lib/database';
import { notificationsEntities } from './entities.js';
import { notificationsMigrations } from './migrations/index.js';

/** The subgraph's PostgreSQL schema, entities and migrations: opened by its app, migrated by `platform migrate`. */
export const notificationsDatabase: SubgraphDatabaseOptions = {
  schema: 'notifications',
  entities: notificationsEntities,
  migrations: notificationsMigrations,
};
