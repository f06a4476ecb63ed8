import { itemsPage, itemsPageInput, offsetOf } from '@platform/lib/paging';
import { uuid, validate, z } from '@platform/lib/validation';
import type { InboxEvents } from './inbox-events.js';
import { InboxChange, InboxFilter, type InboxCounts, type InboxItem, type InboxPage } from './inbox-state.types.js';
import { NotificationNotFoundError } from './inbox.errors.js';
import { announceChange, inboxItemView } from './inbox.views.js';
import type { NotificationRepository, StateChange } from './notification.repository.js';

export interface InboxStateServiceDependencies {
  repository: NotificationRepository;
  events: InboxEvents;
  now: () => number;
}

const listingInput = itemsPageInput.extend({
  state: z.nativeEnum(InboxFilter).default(InboxFilter.ALL),
  category: z.string().max(255, 'must be at most 255 characters').nullable().default(null),
});

/**
 * Seen, archived and the tabbed listing (issue 30, items 1 and 2). Every change is one conditional update, so
 * that of concurrent calls one writes and the first time stands; only the call that changed something announces
 * it, to every open inbox of the user (inboxUpdated).
 */
export class InboxStateService {
  constructor(private readonly deps: InboxStateServiceDependencies) {}

  async listing(
    userId: number,
    query: { page?: number | null; limit?: number | null; state?: InboxFilter | null; category?: string | null },
  ): Promise<InboxPage> {
    const request = validate(listingInput, {
      page: query.page ?? undefined,
      limit: query.limit ?? undefined,
      state: query.state ?? undefined,
      category: query.category ?? null,
    });
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
