import { IsolationLevel } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { NotificationNotFoundError } from './inbox.errors.js';
import type { CreateNotificationBody } from '@platform/lib/notifications/job-schema';
import { uuid, validate, z } from '@platform/lib/validation';
import type { InboxEvents } from './inbox-events.js';
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

/** Each user's inbox, newest first; every change is published to that user's subscriptions. */
export class InboxService {
  constructor(
    private readonly em: EntityManager,
    private readonly events: InboxEvents,
  ) {}

  async page(userId: number, query: { page?: number | null; limit?: number | null }): Promise<NotificationPage> {
    const { page, limit } = validate(pageQuery, {
      page: query.page ?? undefined,
      limit: query.limit ?? undefined,
    });
    // One snapshot for the items and both counts: a delivery landing between separate reads could otherwise
    // give a page whose totalItems counts an item that its items do not hold.
    return this.em.transactional(
      async (em) => {
        const [items, totalItems] = await em.findAndCount(
          Notification,
          { userId },
          { orderBy: { createdAt: 'desc', id: 'desc' }, limit, offset: (page - 1) * limit },
        );
        return {
          currentPage: page,
          items: items.map(notificationView),
          totalItems,
          totalPages: Math.ceil(totalItems / limit),
          unreadCount: await this.unreadCount(userId, em),
        };
      },
      { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
    );
  }

  /** Another user's notification is answered as missing (404), never as forbidden. */
  async markRead(userId: number, id: string): Promise<NotificationType> {
    const notification = uuid.safeParse(id).success ? await this.em.findOne(Notification, { id, userId }) : null;
    if (!notification) throw new NotificationNotFoundError();
    if (notification.unread) {
      notification.unread = false;
      notification.readAt = new Date();
      await this.em.flush();
      await this.announce(userId, notification);
    }
    return notificationView(notification);
  }

  async markAllRead(userId: number): Promise<number> {
    const updated = await this.em.nativeUpdate(
      Notification,
      { userId, unread: true },
      { unread: false, readAt: new Date() },
    );
    if (updated > 0) await this.events.publish(userId, { unreadCount: 0, notification: null });
    return updated;
  }

  /** Internal creation (one or many) in one transaction; each recipient then hears of its new item. */
  async create(bodies: CreateNotificationBody[]): Promise<number> {
    const created = bodies.map((body) =>
      this.em.create(Notification, {
        userId: body.userId,
        message: body.message,
        title: body.title ?? null,
        targetId: body.targetId ?? null,
        targetLink: body.targetLink ?? null,
        targetText: body.targetText ?? null,
        targetType: body.targetType ?? null,
        triggerEvent: body.triggerEvent ?? null,
        notifierId: body.notifierId ?? null,
      }),
    );
    await this.em.flush();
    for (const notification of created) await this.announce(notification.userId, notification);
    return created.length;
  }

  private unreadCount(userId: number, em: EntityManager = this.em): Promise<number> {
    return em.count(Notification, { userId, unread: true });
  }

  private async announce(userId: number, notification: Notification): Promise<void> {
    await this.events.publish(userId, {
      unreadCount: await this.unreadCount(userId),
      notification: notificationView(notification),
    });
  }
}
