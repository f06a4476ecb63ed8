import type { MikroORM } from '@mikro-orm/postgresql';
import { pingDatabase, type DatabasePool } from '@platform/lib/database';
import type { Subgraph } from '@platform/lib/graphql/subgraph';
import type { Platform } from '@platform/lib/platform';
import { createNotificationsServices, type NotificationsContext, type NotificationsShared } from './context.js';
import { fcmHealthCheck } from './channels/push-providers.js';
import { openDelivery } from './delivery.js';
import { notificationsDatabase } from './database.js';
import { buildNotificationsSchema } from './schema.js';

export function openNotificationsDatabase(database: DatabasePool): Promise<MikroORM> {
  return database.open(notificationsDatabase);
}

/** The subgraph; its worker runs in this process too unless WORKER_ENABLED=false (then: worker-main.ts). */
export async function createNotificationsSubgraph(
  platform: Platform,
  database: DatabasePool,
): Promise<Subgraph<NotificationsContext>> {
  const orm = await openNotificationsDatabase(database);
  const delivery = await openDelivery(platform, orm, database);
  if (platform.config.WORKER_ENABLED) await delivery.startWorker();
  const { schema, sdl } = await buildNotificationsSchema();
  const shared: NotificationsShared = { orm, platform, delivery };
  return {
    name: 'notifications',
    schema,
    sdl,
    createContext: (base) => ({ ...base, notifications: createNotificationsServices(shared, base) }),
    health: () => pingDatabase(orm),
    pushHealth: platform.config.FCM_ENABLED ? fcmHealthCheck(platform.config, platform.now) : undefined,
    close: () => delivery.close(),
  };
}
