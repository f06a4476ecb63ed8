import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { userOf } from '../../../../lib/src/graphql/context.js';
import type { NotificationsContext } from '../context.js';
import { NotificationPage } from './inbox.types.js';

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
}
