import { openDatabase } from '../../../lib/src/database.js';
import type { Subgraph } from '../../../lib/src/graphql/subgraph.js';
import type { Platform } from '../../../lib/src/platform.js';
import { createNotificationsServices, type NotificationsContext } from './context.js';
import { notificationsEntities } from './entities.js';
import { notificationsMigrations } from './migrations/index.js';
import { buildNotificationsSchema } from './schema.js';

export async function createNotificationsSubgraph(
  _platform: Platform,
  databaseUrl: string,
): Promise<Subgraph<NotificationsContext>> {
  const orm = await openDatabase({
    url: databaseUrl,
    schema: 'notifications',
    entities: notificationsEntities,
    migrations: notificationsMigrations,
  });
  const { schema, sdl } = await buildNotificationsSchema();
  return {
    name: 'notifications',
    schema,
    sdl,
    createContext: (base) => ({ ...base, notifications: createNotificationsServices(orm) }),
    health: async () => {
      await orm.em.getConnection().execute('select 1');
    },
    close: () => orm.close(),
  };
}
