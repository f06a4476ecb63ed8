// Inbox: the signed-in user's notifications, paged, with the unread count in the header; new and changed items
// arrive through `inboxChanged` and, after a reconnection, the page reads its current page again so that
// nothing sent meanwhile is lost and nothing shows twice.
import { graphql } from '../generated/index.js';
import type { InboxChangesSubscription, InboxItemFragment } from '../generated/graphql.js';
import { follow, onReconnect } from '../live.js';
import { graph } from '../session.js';
import { act, button, byId, element, loading, pager, say, time } from '../view.js';

type Notification = InboxItemFragment;

graphql(`
  fragment InboxItem on Notification {
    id
    message
    targetLink
    targetText
    unread
    createdAt
  }
`);
const pageSize = 10;
const pageQuery = graphql(`
  query InboxPage($page: Int, $limit: Int) {
    myNotifications(page: $page, limit: $limit) {
      currentPage
      totalItems
      unreadCount
      items {
        ...InboxItem
      }
    }
  }
`);
const unreadQuery = graphql(`
  query InboxUnread {
    myNotifications(limit: 1) {
      unreadCount
    }
  }
`);
const changes = graphql(`
  subscription InboxChanges {
    inboxChanged {
      unreadCount
      notification {
        ...InboxItem
      }
    }
  }
`);
const markRead = graphql(`
  mutation MarkRead($id: ID!) {
    markNotificationRead(id: $id) {
      ...InboxItem
    }
  }
`);
const markAllRead = graphql(`
  mutation MarkAllRead {
    markAllNotificationsRead {
      message
    }
  }
`);

let items: Notification[] = [];
let currentPage = 1;
let totalItems = 0;

function showPages(): void {
  pager(byId('inbox-pages'), { currentPage, totalPages: Math.ceil(totalItems / pageSize) }, load);
}

function showUnread(count: number): void {
  byId('unread-count').textContent = String(count);
  byId('inbox-unread').textContent = count === 0 ? 'Everything is read.' : `${count} unread`;
  byId<HTMLButtonElement>('mark-all-read').disabled = count === 0;
}

function notificationItem(notification: Notification): HTMLLIElement {
  const item = element('li', { className: notification.unread ? 'notification unread' : 'notification' });
  item.dataset.id = notification.id;
  const text = element('p', { className: 'message', textContent: notification.message });
  const facts = element(
    'p',
    { className: 'facts' },
    notification.unread ? 'Unread · ' : 'Read · ',
    time(notification.createdAt),
  );
  item.append(text, facts);
  if (notification.targetLink) {
    item.append(element('a', { href: notification.targetLink, textContent: notification.targetText ?? 'Open' }));
  }
  if (notification.unread) {
    item.append(button('Mark read', () => read(notification), `Mark read: ${notification.message}`));
  }
  return item;
}

function render(): void {
  byId('notifications').replaceChildren(...items.map(notificationItem));
  byId('no-notifications').hidden = items.length > 0;
}

async function load(page: number): Promise<void> {
  await loading(byId('notifications'), async () => {
    const { myNotifications } = await graph(pageQuery, { page, limit: pageSize });
    items = myNotifications.items;
    currentPage = myNotifications.currentPage;
    totalItems = myNotifications.totalItems;
    showUnread(myNotifications.unreadCount);
    showPages();
  });
  render();
}

async function read(notification: Notification): Promise<void> {
  const { markNotificationRead } = await graph(markRead, { id: notification.id });
  arrived(markNotificationRead);
  say('Marked as read');
}

/** A new or changed item: replaced where it is shown, or put first when the first page is shown. */
function arrived(notification: Notification): void {
  const at = items.findIndex((item) => item.id === notification.id);
  if (at >= 0) items[at] = notification;
  else if (notification.unread) {
    // Not shown and unread: a new item (a change of an item on another page is never unread).
    totalItems += 1;
    if (currentPage === 1) items = [notification, ...items].slice(0, pageSize);
    showPages();
  }
  render();
}

function changed({ inboxChanged }: InboxChangesSubscription) {
  showUnread(inboxChanged.unreadCount);
  if (inboxChanged.notification) arrived(inboxChanged.notification);
  else {
    items = items.map((item) => ({ ...item, unread: false }));
    render();
  }
}

/** Starts following the inbox for the signed-in user; the returned function stops it. */
export function startInbox(): () => void {
  const stop = follow(changes, {}, changed);
  const stopCatchingUp = onReconnect(() => void act(() => load(currentPage)));
  void act(async () => showUnread((await graph(unreadQuery)).myNotifications.unreadCount));
  return () => {
    stop();
    stopCatchingUp();
    items = [];
    currentPage = 1;
    totalItems = 0;
  };
}

export const inboxPage = { open: () => load(currentPage) };

byId('mark-all-read').addEventListener(
  'click',
  () =>
    void act(async () => {
      await graph(markAllRead);
      items = items.map((item) => ({ ...item, unread: false }));
      showUnread(0);
      render();
      say('All notifications marked as read');
    }),
);
