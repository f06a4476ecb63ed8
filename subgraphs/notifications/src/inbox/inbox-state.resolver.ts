import { Arg, Ctx, ID, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { userOf } from '@platform/lib/graphql/context';
import type { NotificationsContext } from '../context.js';
import { NotificationMessage } from '../devices/device.types.js';
import { InboxCounts, InboxFilter, InboxItem, InboxPage, InboxUpdate } from './inbox-state.types.js';
import type { Parent } from '@platform/lib/graphql/parent';

@Resolver()
export class InboxStateResolver {
  @Query(() => InboxPage, {
    description: "The signed-in user's inbox in one state (default ALL: not archived) and category, newest first.",
  })
  inbox(
    @Arg('state', () => InboxFilter, { nullable: true }) state: InboxFilter | null,
    @Arg('category', () => String, { nullable: true }) category: string | null,
    @Arg('page', () => Int, { nullable: true }) page: number | null,
    @Arg('limit', () => Int, { nullable: true }) limit: number | null,
    @Ctx() ctx: NotificationsContext,
  ) {
    return ctx.notifications.states.listing(userOf(ctx).userId, { state, category, page, limit });
  }

  @Query(() => String, {
    description:
      "The entity tag of `inbox` for the same arguments: changes when an item of the page changes state (read, seen, archived, snoozed), is added or leaves, or the page's numbers or any category's counts change",
  })
  inboxEntityTag(
    @Arg('state', () => InboxFilter, { nullable: true }) state: InboxFilter | null,
    @Arg('category', () => String, { nullable: true }) category: string | null,
    @Arg('page', () => Int, { nullable: true }) page: number | null,
    @Arg('limit', () => Int, { nullable: true }) limit: number | null,
    @Ctx() ctx: NotificationsContext,
  ) {
    return ctx.notifications.states.listingTag(userOf(ctx).userId, { state, category, page, limit });
  }

  @Query(() => InboxCounts, { description: 'The badge counts of the signed-in user.' })
  inboxCounts(@Ctx() ctx: NotificationsContext) {
    return ctx.notifications.states.counts(userOf(ctx).userId);
  }

  @Mutation(() => InboxCounts, { description: 'The inbox was opened: every item is seen (the first time stands).' })
  markAllNotificationsSeen(@Ctx() ctx: NotificationsContext) {
    return ctx.notifications.states.markAllSeen(userOf(ctx).userId);
  }

  @Mutation(() => InboxItem)
  archiveNotification(@Arg('id', () => ID) id: string, @Ctx() ctx: NotificationsContext) {
    return ctx.notifications.states.archive(userOf(ctx).userId, id);
  }

  @Mutation(() => InboxItem)
  unarchiveNotification(@Arg('id', () => ID) id: string, @Ctx() ctx: NotificationsContext) {
    return ctx.notifications.states.unarchive(userOf(ctx).userId, id);
  }

  @Mutation(() => InboxItem, {
    description: 'Out of the list and counts until `until` (ISO 8601, within a year), then back unread and unseen.',
  })
  snoozeNotification(
    @Arg('id', () => ID) id: string,
    @Arg('until', () => String) until: string,
    @Ctx() ctx: NotificationsContext,
  ) {
    return ctx.notifications.states.snooze(userOf(ctx).userId, id, until);
  }

  @Mutation(() => NotificationMessage, { description: 'Archives every read item.' })
  async archiveReadNotifications(@Ctx() ctx: NotificationsContext): Promise<NotificationMessage> {
    const archived = await ctx.notifications.states.archiveAllRead(userOf(ctx).userId);
    return { message: `${archived} notifications archived` };
  }

  @Subscription(() => InboxUpdate, {
    description:
      "Every change of the signed-in user's inbox, with both counts (graphql-ws; token in the init payload).",
    subscribe: ({ context }) => {
      const ctx = context as NotificationsContext;
      return ctx.notifications.events.subscribeUpdates(userOf(ctx).userId, ctx.resumeSince);
    },
  })
  inboxUpdated(@Root() update: Parent<InboxUpdate>): InboxUpdate {
    return update;
  }
}
