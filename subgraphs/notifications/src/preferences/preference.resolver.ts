import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { userOf } from '@platform/lib/graphql/context';
import type { NotificationsContext } from '../context.js';
import {
  NotificationPreferenceInput,
  NotificationPreferences,
  NotificationPreferenceType,
} from './preference.types.js';

@Resolver()
export class PreferenceResolver {
  @Query(() => NotificationPreferences)
  myNotificationPreferences(@Ctx() ctx: NotificationsContext) {
    return ctx.notifications.preferences.list(userOf(ctx).userId);
  }

  @Mutation(() => NotificationPreferenceType, {
    description: 'Whether to receive a trigger event (or `*`: every one) on a channel.',
  })
  setNotificationPreference(
    @Arg('input', () => NotificationPreferenceInput) input: NotificationPreferenceInput,
    @Ctx() ctx: NotificationsContext,
  ) {
    return ctx.notifications.preferences.set(userOf(ctx).userId, input);
  }
}
