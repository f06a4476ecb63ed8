import { itemsPage, itemsPageInput, offsetOf } from '@platform/lib/paging';
import { versionTagOf } from '@platform/lib/entity-tag';
import { ValidationError } from '@platform/lib/errors';
import type { SqlClient } from '@platform/lib/jobs/job-engine';
import { uuid, validate, z } from '@platform/lib/validation';
import type { InboxEvents } from './inbox-events.js';
import { InboxChange, InboxFilter, type InboxCounts, type InboxItem, type InboxPage } from './inbox-state.types.js';
import { NotificationNotFoundError } from './inbox.errors.js';
import { announceChange, inboxItemView } from './inbox.views.js';
import type { CategoryCountRow, NotificationRepository, StateChange } from './notification.repository.js';

/** A snoozed item's return, queued on the job engine (jobs/job-queue.ts implements it). */
export interface SnoozeWakes {
  scheduleWake(client: SqlClient, wake: { notificationId: string; userId: number; until: string }): Promise<void>;
}

export interface InboxStateServiceDependencies {
  repository: NotificationRepository;
  events: InboxEvents;
  wakes: SnoozeWakes;
  now: () => number;
}

/** The longest snooze: a year (beyond it an item is better archived). */
const longestSnoozeMs = 366 * 24 * 60 * 60 * 1000;

const listingInput = itemsPageInput.extend({
  state: z.nativeEnum(InboxFilter).default(InboxFilter.ALL),
  category: z.string().max(255, 'must be at most 255 characters').nullable().default(null),
});

type ListingQuery = {
  page?: number | null;
  limit?: number | null;
  state?: InboxFilter | null;
  category?: string | null;
};

/** The listing's arguments checked, absent ones defaulted (20 per page, ALL, every category). */
const listingRequestOf = (query: ListingQuery) =>
  validate(listingInput, {
    page: query.page ?? undefined,
    limit: query.limit ?? undefined,
    state: query.state ?? undefined,
    category: query.category ?? null,
  });

/** A category's counts as the listing's tag names them, in the order of its answer's fields. */
const categoryTotals = ({ category, total, unread, unseen, archived }: CategoryCountRow) => [
  category,
  total,
  unread,
  unseen,
  archived,
];

/**
 * Seen, archived and the tabbed listing (issue 30, items 1 and 2). Every change is one conditional update, so
 * that of concurrent calls one writes and the first time stands; only the call that changed something announces
 * it, to every open inbox of the user (inboxUpdated).
 */
export class InboxStateService {
  constructor(private readonly deps: InboxStateServiceDependencies) {}

  async listing(userId: number, query: ListingQuery): Promise<InboxPage> {
    const request = listingRequestOf(query);
    const found = await this.deps.repository.listing(userId, request, request.limit, offsetOf(request));
    const sum = (pick: (row: (typeof found.categories)[number]) => number) =>
      found.categories.reduce((total, row) => total + pick(row), 0);
    return {
      ...itemsPage(request, found.items.map(inboxItemView), found.totalItems),
      unreadCount: sum((row) => row.unread),
      unseenCount: sum((row) => row.unseen),
      categories: found.categories,
    };
  }

  /**
   * The entity tag of the page `listing` answers for the same user and arguments (issue 28, conditional requests),
   * from one statement: the items' states, the page's numbers and every category's counts (the badge counts are
   * their sums); an item's text never changes.
   */
  async listingTag(userId: number, query: ListingQuery): Promise<string> {
    const request = listingRequestOf(query);
    const found = await this.deps.repository.listingVersion(userId, request, request.limit, offsetOf(request));
    const { currentPage, totalItems, totalPages } = itemsPage(request, [], found.total);
    return versionTagOf({
      kind: 'inbox-page',
      items: found.items,
      totals: [currentPage, totalItems, totalPages, ...found.categories.flatMap(categoryTotals)],
    });
  }

  counts(userId: number): Promise<InboxCounts> {
    return this.deps.repository.counts(userId);
  }

  async markAllSeen(userId: number): Promise<InboxCounts> {
    const changed = await this.deps.repository.markAllSeen(userId, new Date(this.deps.now()));
    if (changed > 0) await announceChange(this.deps, userId, InboxChange.ALL_SEEN, null);
    return this.deps.repository.counts(userId);
  }

  archive(userId: number, id: string): Promise<InboxItem> {
    return this.changeOne(userId, id, InboxChange.ARCHIVED, () =>
      this.deps.repository.archive(userId, id, new Date(this.deps.now())),
    );
  }

  unarchive(userId: number, id: string): Promise<InboxItem> {
    return this.changeOne(userId, id, InboxChange.UNARCHIVED, () => this.deps.repository.unarchive(userId, id));
  }

  async archiveAllRead(userId: number): Promise<number> {
    const archived = await this.deps.repository.archiveAllRead(userId, new Date(this.deps.now()));
    if (archived > 0) await announceChange(this.deps, userId, InboxChange.ARCHIVED_READ, null);
    return archived;
  }

  /**
   * Out of the list and counts until `until`, then back as unread and unseen, announced live, by a job of the
   * platform's job engine queued in the same transaction (durable across restarts, run by any worker).
   */
  async snooze(userId: number, id: string, until: string): Promise<InboxItem> {
    const at = Date.parse(until);
    const now = this.deps.now();
    if (!/^\d{4}-\d{2}-\d{2}T/.test(until) || Number.isNaN(at)) {
      throw ValidationError.field('until', 'must be an ISO 8601 date and time');
    }
    if (at <= now) throw ValidationError.field('until', 'must be in the future');
    if (at > now + longestSnoozeMs) throw ValidationError.field('until', 'must be within a year');
    const time = new Date(at);
    return this.changeOne(userId, id, InboxChange.SNOOZED, () =>
      this.deps.repository.snooze(userId, id, time, (client) =>
        this.deps.wakes.scheduleWake(client, { notificationId: id, userId, until: time.toISOString() }),
      ),
    );
  }

  /** The snooze's job: a snooze changed since (another time) makes this one a no-op. */
  async wake(wake: { notificationId: string; userId: number; until: string }): Promise<void> {
    const { notification, changed } = await this.deps.repository.wake(
      wake.userId,
      wake.notificationId,
      new Date(wake.until),
    );
    if (notification && changed) {
      await announceChange(this.deps, wake.userId, InboxChange.RETURNED, notification, true);
    }
  }

  /** Another user's notification (or a malformed id) answers as missing, never as forbidden. */
  private async changeOne(
    userId: number,
    id: string,
    change: InboxChange,
    apply: () => Promise<StateChange>,
  ): Promise<InboxItem> {
    if (!uuid.safeParse(id).success) throw new NotificationNotFoundError();
    const { notification, changed } = await apply();
    if (!notification) throw new NotificationNotFoundError();
    if (changed) await announceChange(this.deps, userId, change, notification);
    return inboxItemView(notification);
  }
}
