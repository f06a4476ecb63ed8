import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { GraphQLJSONObject } from 'graphql-scalars';
import { userOf } from '@platform/lib/graphql/context';
import type { NotificationsContext } from '../context.js';
import { DeviceType, NotificationMessage, PushDeviceRegistration, RegisterPushDeviceInput } from './device.types.js';

@Resolver()
export class DeviceResolver {
  @Query(() => [DeviceType], { description: "The signed-in user's push devices." })
  myPushDevices(@Ctx() ctx: NotificationsContext) {
    return ctx.notifications.devices.list(userOf(ctx).userId);
  }

  @Query(() => String, {
    description:
      'The entity tag of `myPushDevices`: changes when a device is added, changes (its updatedAt) or its token is found invalid',
  })
  myPushDevicesEntityTag(@Ctx() ctx: NotificationsContext) {
    return ctx.notifications.devices.listTag(userOf(ctx).userId);
  }

  @Mutation(() => PushDeviceRegistration, { description: 'Registers a push device, or updates it (by deviceId).' })
  async registerPushDevice(
    @Arg('input', () => RegisterPushDeviceInput) input: RegisterPushDeviceInput,
    @Ctx() ctx: NotificationsContext,
  ): Promise<PushDeviceRegistration> {
    const created = await ctx.notifications.devices.register(userOf(ctx).userId, input);
    return { created, message: created ? 'Device registered successfully' : 'Device updated successfully' };
  }

  @Mutation(() => NotificationMessage, { description: 'Updates tokens or names of a push device.' })
  async updatePushDeviceTokens(
    @Arg('deviceId', () => String) deviceId: string,
    @Arg('changes', () => GraphQLJSONObject) changes: Record<string, unknown>,
    @Ctx() ctx: NotificationsContext,
  ): Promise<NotificationMessage> {
    await ctx.notifications.devices.updateTokens(userOf(ctx).userId, deviceId, changes);
    return { message: 'Device updated successfully' };
  }
}
