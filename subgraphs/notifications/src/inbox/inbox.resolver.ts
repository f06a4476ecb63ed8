import { Arg, Ctx, ID, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { serviceOf, userOf } from '@platform/lib/graphql/context';
import { createNotificationSchema, createNotificationsSchema } from '@platform/lib/notifications/job-schema';
import { validate } from '@platform/lib/validation';
import type { NotificationsContext } from '../context.js';
import { NotificationMessage } from '../devices/device.types.js';
import { idempotencyKeyDescription } from '../idempotency/idempotency.service.js';
import { CreateNotificationInput } from '../jobs/job.inputs.js';
import { shownConnection } from '@platform/lib/graphql/page-types';
import { InboxEvent, NotificationConnection, NotificationPage, NotificationType } from './inbox.types.js';
import { notificationView } from './inbox.views.js';
import type { Parent } from '@platform/lib/graphql/parent';

@Resolver()
export class InboxResolver {
  @Query(() => NotificationPage, { description: "The signed-in user's inbox, newest first." })
  myNotifications(
    @Arg('page', () => Int, { nullable: true }) page: number | null,
    @Arg('limit', () => Int, { nullable: true }) limit: number | null,
    @Ctx() ctx: NotificationsContext,
  ) {
    return ctx.notifications.inbox.page(userOf(ctx).userId, { page, limit });
  }

  @Query(() => String, {
    description:
      "The entity tag of `myNotifications` for the same arguments: changes when an item of the page is read or unread, an item is added or leaves the list, or the page's numbers or the unread count change",
  })
  myNotificationsEntityTag(
    @Arg('page', () => Int, { nullable: true }) page: number | null,
    @Arg('limit', () => Int, { nullable: true }) limit: number | null,
    @Ctx() ctx: NotificationsContext,
  ) {
    return ctx.notifications.inbox.pageTag(userOf(ctx).userId, { page, limit });
  }

  @Query(() => NotificationConnection, {
    description:
      "The signed-in user's inbox (as myNotifications), newest first, by opaque cursor (first 1..100, default 10; after: a cursor of this list)",
  })
  async myNotificationsConnection(
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() ctx: NotificationsContext,
  ) {
    return shownConnection(
      await ctx.notifications.inbox.connection(userOf(ctx).userId, { first, after }),
      notificationView,
    );
  }

  @Mutation(() => NotificationType)
  markNotificationRead(@Arg('id', () => ID) id: string, @Ctx() ctx: NotificationsContext) {
    return ctx.notifications.inbox.markRead(userOf(ctx).userId, id);
  }

  @Mutation(() => NotificationMessage)
  async markAllNotificationsRead(@Ctx() ctx: NotificationsContext): Promise<NotificationMessage> {
    await ctx.notifications.inbox.markAllRead(userOf(ctx).userId);
    return { message: 'All notifications marked as read' };
  }

  @Mutation(() => NotificationMessage, { description: 'Internal (service token): one in-app notification.' })
  createNotification(
    @Arg('input', () => CreateNotificationInput) input: CreateNotificationInput,
    @Arg('idempotencyKey', () => String, { nullable: true, description: idempotencyKeyDescription })
    idempotencyKey: string | null,
    @Ctx() ctx: NotificationsContext,
  ): Promise<NotificationMessage> {
    const { serviceName } = serviceOf(ctx);
    const body = validate(createNotificationSchema, input);
    return ctx.notifications.inbox.createOne(body, { serviceName, idempotencyKey });
  }

  @Mutation(() => NotificationMessage, { description: 'Internal (service token): several in-app notifications.' })
  createNotifications(
    @Arg('inputs', () => [CreateNotificationInput]) inputs: CreateNotificationInput[],
    @Arg('idempotencyKey', () => String, { nullable: true, description: idempotencyKeyDescription })
    idempotencyKey: string | null,
    @Ctx() ctx: NotificationsContext,
  ): Promise<NotificationMessage> {
    const { serviceName } = serviceOf(ctx);
    const bodies = validate(createNotificationsSchema, inputs);
    return ctx.notifications.inbox.createMany(bodies, { serviceName, idempotencyKey });
  }

  @Subscription(() => InboxEvent, {
    description: "Changes of the signed-in user's inbox (graphql-ws; token in the init payload).",
    subscribe: ({ context }) => {
      const ctx = context as NotificationsContext;
      return ctx.notifications.events.subscribe(userOf(ctx).userId, ctx.resumeSince);
    },
  })
  inboxChanged(@Root() event: Parent<InboxEvent>): InboxEvent {
    return event;
  }
}
