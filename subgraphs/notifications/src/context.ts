import type { MikroORM } from '@mikro-orm/postgresql';
import type { GatewayContext } from '../../../lib/src/graphql/context.js';
import { InboxService } from './inbox/inbox.service.js';

export interface NotificationsServices {
  inbox: InboxService;
}

export interface NotificationsContext extends GatewayContext {
  notifications: NotificationsServices;
}

export function createNotificationsServices(orm: MikroORM): NotificationsServices {
  const em = orm.em.fork();
  return { inbox: new InboxService(em) };
}
