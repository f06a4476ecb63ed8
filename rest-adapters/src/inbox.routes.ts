import { versionTagOf } from '@platform/lib/entity-tag';
import { z } from '@platform/lib/validation';
import { count, messageShape, timestamp } from './response.shapes.js';
import { graphql } from './generated/index.js';
import { defineRoutes, route } from './route.js';

/**
 * The inbox's states over REST (issue 30): paths of their own beside the spec's, whose list and shapes stay as
 * they are (an archived or snoozed item leaves `GET /api/v1/notifications` as it leaves `myNotifications`).
 */
graphql(`
  fragment InboxItemFields on InboxItem {
    id
    title
    message
    targetLink
    targetText
    category
    unread
    readAt
    seenAt
    archivedAt
    snoozedUntil
    createdAt
  }
`);

const inboxItemShape = z.strictObject({
  id: z.string(),
  title: z.string().nullable(),
  message: z.string(),
  targetLink: z.string().nullable(),
  targetText: z.string().nullable(),
  category: z.string().nullable(),
  unread: z.boolean(),
  readAt: timestamp.nullable(),
  seenAt: timestamp.nullable(),
  archivedAt: timestamp.nullable(),
  snoozedUntil: timestamp.nullable(),
  createdAt: timestamp,
});

/** A time of an item's state as its tag names it (the graph's `inboxEntityTag` reads the same, to the millisecond). */
const isoOrNull = (time: string | null) => (time === null ? null : new Date(time).toISOString());

const countsShape = z.strictObject({ unreadCount: count, unseenCount: count });

const states = ['all', 'unread', 'read', 'unseen', 'archived'] as const;
const queryInteger = (rule: z.ZodNumber) =>
  z.string().regex(/^\d+$/, 'must be an integer').transform(Number).pipe(rule).optional();

/** As the spec's list: 20 per page by default, out of range 400 (decisions: Everywhere). */
const inboxQuery = z.object({
  state: z.enum(states, { errorMap: () => ({ message: `must be one of ${states.join(', ')}` }) }).optional(),
  category: z.string().max(255, 'must be at most 255 characters').optional(),
  page: queryInteger(z.number().min(1, 'must be at least 1')),
  limit: queryInteger(z.number().min(1, 'must be at least 1').max(100, 'must be at most 100')),
});

const snoozeBody = z.strictObject({ until: z.string({ required_error: 'is required' }) });

export const inboxRoutes = defineRoutes([
  route({
    method: 'GET',
    url: '/api/v1/notifications/inbox',
    summary:
      'My inbox in one state (all: not archived nor snoozed; unread, read, unseen, archived) and category, with both ' +
      'badge counts and the counts of every category',
    tag: 'notifications',
    auth: 'bearer',
    query: inboxQuery,
    operation: graphql(`
      query Inbox($state: InboxFilter, $category: String, $page: Int, $limit: Int) {
        inbox(state: $state, category: $category, page: $page, limit: $limit) {
          currentPage
          totalItems
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
            ...InboxItemFields
          }
        }
      }
    `),
    variables: ({ query: { state, ...rest } }) => ({
      ...rest,
      state: state ? (state.toUpperCase() as Uppercase<typeof state>) : undefined,
    }),
    response: z.strictObject({
      currentPage: count,
      totalItems: count,
      totalPages: count,
      unreadCount: count,
      unseenCount: count,
      categories: z.array(
        z.strictObject({
          category: z.string().nullable(),
          total: count,
          unread: count,
          unseen: count,
          archived: count,
        }),
      ),
      items: z.array(inboxItemShape),
    }),
    result: (data) => data.inbox,
    version: {
      operation: graphql(`
        query InboxEntityTag($state: InboxFilter, $category: String, $page: Int, $limit: Int) {
          inboxEntityTag(state: $state, category: $category, page: $page, limit: $limit)
        }
      `),
      variables: ({ query: { state, ...rest } }) => ({
        ...rest,
        state: state ? (state.toUpperCase() as Uppercase<typeof state>) : undefined,
      }),
      tag: (data) => data.inboxEntityTag,
      describes:
        "A strong tag of the page's version: each item's id and state (unread, readAt, seenAt, archivedAt, " +
        "snoozedUntil) in order, the page's numbers and every category's counts (the badge counts are their sums): " +
        "it changes when any of these does (an item's text never changes)",
      bodyTag: (inbox) =>
        versionTagOf({
          kind: 'inbox-page',
          items: inbox.items.map((item) => ({
            id: item.id,
            state: [item.unread, ...[item.readAt, item.seenAt, item.archivedAt, item.snoozedUntil].map(isoOrNull)],
          })),
          totals: [
            inbox.currentPage,
            inbox.totalItems,
            inbox.totalPages,
            ...inbox.categories.flatMap(({ category, total, unread, unseen, archived }) => [
              category,
              total,
              unread,
              unseen,
              archived,
            ]),
          ],
        }),
    },
  }),
  route({
    method: 'POST',
    url: '/api/v1/notifications/seen',
    summary: 'The inbox was opened: every item is seen (the first time stands); answers both badge counts',
    tag: 'notifications',
    auth: 'bearer',
    operation: graphql(`
      mutation MarkAllNotificationsSeen {
        markAllNotificationsSeen {
          unreadCount
          unseenCount
        }
      }
    `),
    variables: () => ({}),
    response: countsShape,
    result: (data) => data.markAllNotificationsSeen,
  }),
  route({
    method: 'POST',
    url: '/api/v1/notifications/:id/archive',
    summary: 'Archive a notification: it leaves the list and the counts (the first time stands)',
    tag: 'notifications',
    auth: 'bearer',
    operation: graphql(`
      mutation ArchiveNotification($id: ID!) {
        archiveNotification(id: $id) {
          ...InboxItemFields
        }
      }
    `),
    variables: ({ params }) => ({ id: params.id }),
    response: inboxItemShape,
    result: (data) => data.archiveNotification,
  }),
  route({
    method: 'POST',
    url: '/api/v1/notifications/:id/unarchive',
    summary: 'Move an archived notification back to the list (the first time stands)',
    tag: 'notifications',
    auth: 'bearer',
    operation: graphql(`
      mutation UnarchiveNotification($id: ID!) {
        unarchiveNotification(id: $id) {
          ...InboxItemFields
        }
      }
    `),
    variables: ({ params }) => ({ id: params.id }),
    response: inboxItemShape,
    result: (data) => data.unarchiveNotification,
  }),
  route({
    method: 'POST',
    url: '/api/v1/notifications/archive-read',
    summary: 'Archive every read notification',
    tag: 'notifications',
    auth: 'bearer',
    operation: graphql(`
      mutation ArchiveReadNotifications {
        archiveReadNotifications {
          message
        }
      }
    `),
    variables: () => ({}),
    response: messageShape,
    result: (data) => data.archiveReadNotifications,
  }),
  route({
    method: 'POST',
    url: '/api/v1/notifications/:id/snooze',
    summary: 'Snooze a notification until `until` (ISO 8601, in the future, within a year): it returns unread',
    tag: 'notifications',
    auth: 'bearer',
    body: snoozeBody,
    operation: graphql(`
      mutation SnoozeNotification($id: ID!, $until: String!) {
        snoozeNotification(id: $id, until: $until) {
          ...InboxItemFields
        }
      }
    `),
    variables: ({ params, body }) => ({ id: params.id, until: body.until }),
    response: inboxItemShape,
    result: (data) => data.snoozeNotification,
  }),
]);
