import { connectionOf, firstOf, rowKeyAfter, type Connection, type ConnectionPage } from '@platform/lib/cursor';
import { NotificationNotFoundError } from './inbox.errors.js';
import type { CreateNotificationBody } from '@platform/lib/notifications/job-schema';
import { itemsPage, itemsPageInput, offsetOf } from '@platform/lib/paging';
import { versionTagOf } from '@platform/lib/entity-tag';
import { uuid, validate } from '@platform/lib/validation';
import type { SqlClient } from '@platform/lib/jobs/job-engine';
import type { IdempotencyService } from '../idempotency/idempotency.service.js';
import type { InboxEvents } from './inbox-events.js';
import { InboxChange, InboxFilter } from './inbox-state.types.js';
import { announceChange, notificationView } from './inbox.views.js';
import type { Notification } from './notification.entity.js';
import type { NotificationRepository } from './notification.repository.js';
import type { NotificationPage, NotificationType } from './inbox.types.js';

/** The service that asked for a creation, and the Idempotency-Key it sent, if any. */
export interface Producer {
  serviceName: string;
  idempotencyKey?: string | null;
}

export interface InboxServiceDependencies {
  repository: NotificationRepository;
  events: InboxEvents;
  idempotency: IdempotencyService;
  now: () => number;
}

/** Each user's inbox, newest first; every change is published to that user's subscriptions. */
export class InboxService {
  constructor(private readonly deps: InboxServiceDependencies) {}

  async page(userId: number, query: { page?: number | null; limit?: number | null }): Promise<NotificationPage> {
    const request = validate(itemsPageInput, { page: query.page ?? undefined, limit: query.limit ?? undefined });
    const found = await this.deps.repository.page(userId, request.limit, offsetOf(request));
    return {
      ...itemsPage(request, found.items.map(notificationView), found.totalItems),
      unreadCount: found.unreadCount,
    };
  }

  /**
   * The entity tag of the page `page` answers for the same user and arguments (issue 28, conditional requests): the
   * inbox listing's version statement for the default list (one statement), of which this answer shows each item's
   * unread and readAt, the page's numbers and the unread count (the sum of the categories' unread counts).
   */
  async pageTag(userId: number, query: { page?: number | null; limit?: number | null }): Promise<string> {
    const request = validate(itemsPageInput, { page: query.page ?? undefined, limit: query.limit ?? undefined });
    const found = await this.deps.repository.listingVersion(
      userId,
      { state: InboxFilter.ALL, category: null },
      request.limit,
      offsetOf(request),
    );
    const { currentPage, totalItems, totalPages } = itemsPage(request, [], found.total);
    const unreadCount = found.categories.reduce((total, row) => total + row.unread, 0);
    return versionTagOf({
      kind: 'notification-page',
      items: found.items.map(({ id, state: [unread, readAt] }) => ({ id, state: [unread!, readAt!] })),
      totals: [currentPage, totalItems, totalPages, unreadCount],
    });
  }

  /** The user's inbox as a connection, newest first (issue 28, item 4). */
  async connection(userId: number, page: ConnectionPage): Promise<Connection<Notification>> {
    const first = firstOf(page.first);
    const after = rowKeyAfter(page.after);
    const { rows, total } = await this.deps.repository.pageAfter(userId, after, first + 1);
    return connectionOf(rows, first, total, (row) => ({ at: row.createdAt, id: row.id }));
  }

  /**
   * Idempotent: the first read's time stands and every answer carries it; only the read that made the change
   * announces it. Another user's notification is answered as missing (404), never as forbidden.
   */
  async markRead(userId: number, id: string): Promise<NotificationType> {
    if (!uuid.safeParse(id).success) throw new NotificationNotFoundError();
    const { notification, marked } = await this.deps.repository.markRead(userId, id, new Date(this.deps.now()));
    if (!notification) throw new NotificationNotFoundError();
    if (marked) await announceChange(this.deps, userId, InboxChange.READ, notification, true);
    return notificationView(notification);
  }

  async markAllRead(userId: number): Promise<number> {
    const updated = await this.deps.repository.markAllRead(userId, new Date(this.deps.now()));
    if (updated > 0) await announceChange(this.deps, userId, InboxChange.ALL_READ, null, true);
    return updated;
  }

  /** Internal creation of one notification; with an Idempotency-Key a retry answers the first answer. */
  createOne(body: CreateNotificationBody, producer: Producer): Promise<{ message: string }> {
    return this.createAnswering([body], 'createNotification', producer, 'Notification created successfully');
  }

  /** Internal creation of several in one transaction; with an Idempotency-Key a retry creates nothing. */
  createMany(bodies: CreateNotificationBody[], producer: Producer): Promise<{ message: string }> {
    return this.createAnswering(
      bodies,
      'createNotifications',
      producer,
      `${bodies.length} notifications created successfully`,
    );
  }

  private createAnswering(
    bodies: CreateNotificationBody[],
    operation: string,
    producer: Producer,
    message: string,
  ): Promise<{ message: string }> {
    const answer = { message };
    return this.deps.idempotency.once<{ message: string }>(
      { key: producer.idempotencyKey, caller: producer.serviceName, operation, body: bodies },
      async (complete) => {
        await this.insert(bodies, (client) => complete(client, answer));
        return answer;
      },
    );
  }

  private async insert(bodies: CreateNotificationBody[], within: (client: SqlClient) => Promise<void>) {
    const created = await this.deps.repository.add(
      bodies.map((body) => ({
        userId: body.userId,
        message: body.message,
        title: body.title ?? null,
        targetId: body.targetId ?? null,
        targetLink: body.targetLink ?? null,
        targetText: body.targetText ?? null,
        targetType: body.targetType ?? null,
        triggerEvent: body.triggerEvent ?? null,
        notifierId: body.notifierId ?? null,
      })),
      within,
    );
    for (const notification of created) {
      await announceChange(this.deps, notification.userId, InboxChange.CREATED, notification, true);
    }
    return created.length;
  }
}
