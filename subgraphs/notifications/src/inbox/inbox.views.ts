import { withFields } from '@platform/lib/with-fields';
import type { InboxEvents } from './inbox-events.js';
import type { InboxChange, InboxItem } from './inbox-state.types.js';
import type { NotificationType } from './inbox.types.js';
import type { Notification } from './notification.entity.js';
import type { NotificationRepository } from './notification.repository.js';

const isoOf = (date: Date | null): string | null => date?.toISOString() ?? null;

/** The spec's Notification, exactly its fields. */
export function notificationView(notification: Notification): NotificationType {
  return {
    id: notification.id,
    message: notification.message,
    targetLink: notification.targetLink,
    targetText: notification.targetText,
    unread: notification.unread,
    readAt: isoOf(notification.readAt),
    createdAt: notification.createdAt.toISOString(),
  };
}

export function inboxItemView(notification: Notification): InboxItem {
  return withFields(notificationView(notification), {
    title: notification.title,
    category: notification.triggerEvent,
    seenAt: isoOf(notification.seenAt),
    archivedAt: isoOf(notification.archivedAt),
    snoozedUntil: isoOf(notification.snoozedUntil),
  });
}

/**
 * Publishes one change of a user's inbox with the counts after it. New items and read marks also go out as the
 * spec-era `inboxChanged` event (`legacy`); the other changes would read there as "all read" (decisions, issue 30).
 */
export async function announceChange(
  parts: { repository: NotificationRepository; events: InboxEvents },
  userId: number,
  change: InboxChange,
  notification: Notification | null,
  legacy = false,
): Promise<void> {
  const counts = await parts.repository.counts(userId);
  const item = notification && inboxItemView(notification);
  await parts.events.publish(userId, {
    ...(legacy
      ? { event: { unreadCount: counts.unreadCount, notification: notification && notificationView(notification) } }
      : {}),
    update: { change, item, ...counts },
  });
}
