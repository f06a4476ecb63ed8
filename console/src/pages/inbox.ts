// Inbox: the signed-in user's notifications, paged, with the unread count in the header; new and changed items
// arrive through `inboxChanged` and, after a reconnection, the page reads its current page again so that
// nothing sent meanwhile is lost and nothing shows twice.
import { follow, onReconnect } from '../live.js';
import { graph } from '../session.js';
import { act, button, byId, element, loading, pager, say, time } from '../view.js';

interface Notification {
  id: string;
  message: string;
  targetLink: string | null;
  targetText: string | null;
  unread: boolean;
  createdAt: string;
}

const fields = 'id message targetLink targetText unread createdAt';
const pageSize = 10;
const pageQuery = `query ($page: Int, $limit: Int) {
  myNotifications(page: $page, limit: $limit) { currentPage totalItems unreadCount items { ${fields} } }
}`;
const unreadQuery = '{ myNotifications(limit: 1) { unreadCount } }';
const changes = `subscription { inboxChanged { unreadCount notification { ${fields} } } }`;

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
    item.append(button('Mark read', () => markRead(notification), `Mark read: ${notification.message}`));
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

async function markRead(notification: Notification): Promise<void> {
  const { markNotificationRead } = await graph(`mutation ($id: ID!) { markNotificationRead(id: $id) { ${fields} } }`, {
    id: notification.id,
  });
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

function changed({ inboxChanged }: { inboxChanged: { unreadCount: number; notification: Notification | null } }) {
  showUnread(inboxChanged.unreadCount);
  if (inboxChanged.notification) arrived(inboxChanged.notification);
  else {
    items = items.map((item) => ({ ...item, unread: false }));
    render();
  }
}

/** Starts following the inbox for the signed-in user; the returned function stops it. */
export function startInbox(): () => void {
  const stop = follow(changes, {}, (data) => changed(data as Parameters<typeof changed>[0]));
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
      await graph('mutation { markAllNotificationsRead { message } }');
      items = items.map((item) => ({ ...item, unread: false }));
      showUnread(0);
      render();
      say('All notifications marked as read');
    }),
);
