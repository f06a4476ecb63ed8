// Inbox (issue 30): the signed-in user's notifications by category (tabs, counted by the same one query that
// lists the page) and state (the inbox, unread, archived); archive, unarchive, snooze. Opening the inbox marks
// every item seen, so the badge in the header counts what arrived since. Every change, from this tab or any other
// client, arrives through `inboxUpdated` and the page reads its view again; after a reconnection too, so that
// nothing sent meanwhile is lost and nothing shows twice.
import { graphql } from '../generated/index.js';
import type { InboxFilter, InboxUpdatesSubscription, InboxViewQuery } from '../generated/graphql.js';
import { follow, onReconnect } from '../live.js';
import { graph } from '../session.js';
import { act, byId, keepingFocus, loading, pager, quietly, say } from '../view.js';
import { entryItem, tabBar, tabsOf, type Entry, type EntryActions } from './inbox-items.js';

graphql(`
  fragment InboxEntry on InboxItem {
    id
    title
    message
    targetLink
    targetText
    category
    unread
    seenAt
    archivedAt
    createdAt
  }
`);
const pageSize = 10;
const viewQuery = graphql(`
  query InboxView($state: InboxFilter, $category: String, $page: Int, $limit: Int) {
    inbox(state: $state, category: $category, page: $page, limit: $limit) {
      currentPage
      totalPages
      unreadCount
      unseenCount
      categories {
        category
        total
        unread
        unseen
        archived
      }
      items {
        ...InboxEntry
      }
    }
  }
`);
const countsQuery = graphql(`
  query InboxBadge {
    inboxCounts {
      unseenCount
    }
  }
`);
const updates = graphql(`
  subscription InboxUpdates {
    inboxUpdated {
      change
      unreadCount
      unseenCount
    }
  }
`);
const markRead = graphql(`
  mutation MarkRead($id: ID!) {
    markNotificationRead(id: $id) {
      id
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
const markAllSeen = graphql(`
  mutation MarkAllSeen {
    markAllNotificationsSeen {
      unseenCount
    }
  }
`);
const archive = graphql(`
  mutation Archive($id: ID!) {
    archiveNotification(id: $id) {
      id
    }
  }
`);
const unarchive = graphql(`
  mutation Unarchive($id: ID!) {
    unarchiveNotification(id: $id) {
      id
    }
  }
`);
const archiveRead = graphql(`
  mutation ArchiveRead {
    archiveReadNotifications {
      message
    }
  }
`);
const snooze = graphql(`
  mutation Snooze($id: ID!, $until: String!) {
    snoozeNotification(id: $id, until: $until) {
      snoozedUntil
    }
  }
`);

type View = InboxViewQuery['inbox'];

const shown = { state: 'ALL' as InboxFilter, category: null as string | null, page: 1 };
let open = false;
/** Items unseen when this visit of the inbox listed them: still shown as new after the visit marked them seen. */
const fresh = new Set<string>();

function showBadge(unseen: number): void {
  byId('unseen-count').textContent = String(unseen);
}

function showUnread(count: number): void {
  byId('inbox-unread').textContent = count === 0 ? 'Everything is read.' : `${count} unread`;
  byId<HTMLButtonElement>('mark-all-read').disabled = count === 0;
}

const emptyText: Record<InboxFilter, string> = {
  ALL: 'No notifications yet.',
  UNREAD: 'Nothing unread.',
  READ: 'Nothing read yet.',
  UNSEEN: 'Nothing new.',
  ARCHIVED: 'Nothing archived.',
};

const actions: EntryActions = {
  read: async (entry: Entry) => {
    await graph(markRead, { id: entry.id });
    await refresh();
    say('Marked as read');
  },
  archive: async (entry: Entry) => {
    await graph(archive, { id: entry.id });
    await refresh();
    say('Archived');
  },
  unarchive: async (entry: Entry) => {
    await graph(unarchive, { id: entry.id });
    await refresh();
    say('Moved back to the inbox');
  },
  snooze: async (entry: Entry, until: Date) => {
    await graph(snooze, { id: entry.id, until: until.toISOString() });
    await refresh();
    say(`Snoozed until ${until.toLocaleString()}`);
  },
};

function render(view: View): void {
  const hadTabFocus = document.activeElement?.getAttribute('role') === 'tab';
  shown.page = view.currentPage;
  showUnread(view.unreadCount);
  showBadge(view.unseenCount);
  const panel = byId('inbox-panel');
  const openForms = [...panel.querySelectorAll('details[open]')].map((details) => details.id);
  keepingFocus(() => {
    tabBar(byId('inbox-tabs'), panel, tabsOf(view.categories, shown.state), shown.category, choose);
    view.items.filter((entry) => !entry.seenAt).forEach((entry) => fresh.add(entry.id));
    byId('notifications').replaceChildren(...view.items.map((entry) => entryItem(entry, fresh.has(entry.id), actions)));
    openForms.forEach((id) => document.getElementById(id)?.setAttribute('open', ''));
  });
  if (hadTabFocus) byId('inbox-tabs').querySelector<HTMLElement>('[aria-selected="true"]')?.focus();
  byId('no-notifications').textContent = emptyText[shown.state];
  byId('no-notifications').hidden = view.items.length > 0;
  pager(byId('inbox-pages'), view, (page) => show({ page }));
}

const read = async () =>
  (await graph(viewQuery, { state: shown.state, category: shown.category, page: shown.page, limit: pageSize })).inbox;

/** Shows another page, tab or state, marking the list busy meanwhile. */
async function show(change: Partial<typeof shown>): Promise<void> {
  Object.assign(shown, change);
  let view: View | undefined;
  await loading(byId('notifications'), async () => {
    view = await read();
  });
  render(view!);
}

function choose(category: string | null): void {
  void act(() => show({ category, page: 1 }));
}

/**
 * Reads the view again in place (no "Loading…"): many changes in a burst make one or two reads, not one each. The
 * changes that come during a read share one more read after it, which each of them awaits: a caller sees a read
 * begun after its change, and a failed read reaches the callers that say it (not an unhandled rejection).
 */
let reading: Promise<void> | null = null;
let queued: Promise<void> | null = null;
function refresh(): Promise<void> {
  if (!reading) return (reading = readOnce());
  queued ??= reading
    .catch(() => undefined)
    .then(() => {
      queued = null;
      return refresh();
    });
  return queued;
}

async function readOnce(): Promise<void> {
  try {
    render(await read());
  } finally {
    reading = null;
  }
}

/** The person is looking at the inbox: what it shows is seen. */
async function markSeen(): Promise<void> {
  if (!open || document.visibilityState !== 'visible') return;
  showBadge((await graph(markAllSeen)).markAllNotificationsSeen.unseenCount);
}

function changed({ inboxUpdated }: InboxUpdatesSubscription): void {
  showBadge(inboxUpdated.unseenCount);
  if (!open) return;
  quietly(async () => {
    await refresh();
    if (inboxUpdated.change === 'CREATED' || inboxUpdated.change === 'RETURNED') await markSeen();
  });
}

/** Starts following the inbox for the signed-in user (the badge on every page); the returned function stops it. */
export function startInbox(): () => void {
  // Resumed after a drop: an item created between the catch-up's read and the new subscription still arrives.
  const stop = follow(updates, {}, changed, { resumable: true });
  const stopCatchingUp = onReconnect(() =>
    quietly(async () => {
      if (open) await refresh();
      else showBadge((await graph(countsQuery)).inboxCounts.unseenCount);
    }),
  );
  quietly(async () => {
    showBadge((await graph(countsQuery)).inboxCounts.unseenCount);
  });
  return () => {
    stop();
    stopCatchingUp();
    Object.assign(shown, { state: 'ALL', category: null, page: 1 });
  };
}

export const inboxPage = {
  open: async () => {
    open = true;
    fresh.clear();
    byId<HTMLSelectElement>('inbox-state').value = shown.state;
    await show({});
    await markSeen();
  },
  close: () => {
    open = false;
  },
};

byId('inbox-state').addEventListener(
  'change',
  (event) => void act(() => show({ state: (event.target as HTMLSelectElement).value as InboxFilter, page: 1 })),
);
byId('mark-all-read').addEventListener(
  'click',
  () =>
    void act(async () => {
      await graph(markAllRead);
      await refresh();
      say('All notifications marked as read');
    }),
);
byId('archive-read').addEventListener(
  'click',
  () =>
    void act(async () => {
      const { archiveReadNotifications } = await graph(archiveRead);
      await refresh();
      say(archiveReadNotifications.message);
    }),
);
document.addEventListener('visibilitychange', () => quietly(markSeen));
