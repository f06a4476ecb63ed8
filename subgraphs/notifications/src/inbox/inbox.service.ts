import type { EntityManager } from '@mikro-orm/postgresql';
import { validate, z } from '../../../../lib/src/validation.js';
import { Notification } from './notification.entity.js';
import type { NotificationPage, NotificationType } from './inbox.types.js';

/** Notifications default to 20 per page (notification spec, Limits). */
const pageQuery = z.object({
  page: z.number().int().min(1, 'must be at least 1').default(1),
  limit: z.number().int().min(1, 'must be at least 1').max(100, 'must be at most 100').default(20),
});

export function notificationView(notification: Notification): NotificationType {
  return {
    id: notification.id,
    message: notification.message,
    targetLink: notification.targetLink,
    targetText: notification.targetText,
    unread: notification.unread,
    readAt: notification.readAt?.toISOString() ?? null,
    createdAt: notification.createdAt.toISOString(),
  };
}

/** Each user's inbox, newest first. */
export class InboxService {
  constructor(private readonly em: EntityManager) {}

  async page(userId: number, query: { page?: number | null; limit?: number | null }): Promise<NotificationPage> {
    const { page, limit } = validate(pageQuery, {
      page: query.page ?? undefined,
      limit: query.limit ?? undefined,
    });
    const [items, totalItems] = await this.em.findAndCount(
      Notification,
      { userId },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit, offset: (page - 1) * limit },
    );
    const unreadCount = await this.em.count(Notification, { userId, unread: true });
    return {
      currentPage: page,
      items: items.map(notificationView),
      totalItems,
      totalPages: Math.ceil(totalItems / limit),
      unreadCount,
    };
  }
}
