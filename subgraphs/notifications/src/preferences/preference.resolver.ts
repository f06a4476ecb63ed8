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

  @Query(() => String, {
    description:
      'The entity tag of `myNotificationPreferences`: changes when a preference is added or changes its value, or the channels or critical events change',
  })
  myNotificationPreferencesEntityTag(@Ctx() ctx: NotificationsContext) {
    return ctx.notifications.preferences.tag(userOf(ctx).userId);
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
