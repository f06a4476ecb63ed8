import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { userOf } from '@platform/lib/graphql/context';
import type { NotificationsContext } from '../context.js';
import { NotificationMessage } from '../devices/device.types.js';
import { WebPushSettings, WebPushSubscriptionInput, WebPushSubscriptionType } from './web-push.types.js';

@Resolver()
export class WebPushResolver {
  @Query(() => WebPushSettings, { description: "The VAPID public key and the signed-in user's subscribed browsers." })
  myWebPush(@Ctx() ctx: NotificationsContext) {
    return ctx.notifications.webPush.settings(userOf(ctx).userId);
  }

  @Mutation(() => WebPushSubscriptionType, {
    description: 'Subscribes this browser to the `web_push` channel (upsert by endpoint: one row per browser).',
  })
  subscribeWebPush(
    @Arg('input', () => WebPushSubscriptionInput) input: WebPushSubscriptionInput,
    @Ctx() ctx: NotificationsContext,
  ) {
    return ctx.notifications.webPush.subscribe(userOf(ctx).userId, input);
  }

  @Mutation(() => NotificationMessage)
  async unsubscribeWebPush(
    @Arg('endpoint', () => String) endpoint: string,
    @Ctx() ctx: NotificationsContext,
  ): Promise<NotificationMessage> {
    const removed = await ctx.notifications.webPush.unsubscribe(userOf(ctx).userId, endpoint);
    return { message: removed ? 'Browser unsubscribed' : 'Browser was not subscribed' };
  }
}
