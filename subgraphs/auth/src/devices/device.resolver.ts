import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { userOf } from '@platform/lib/graphql/context';
import type { AuthContext } from '../context.js';
import {
  DeviceActionResult,
  DeviceRegistrationChallenge,
  DeviceRegistrationResult,
  RegisterDeviceChallengeInput,
  RegisteredDeviceType,
} from './device.types.js';

/** Device registration and management; a standard or a biometric access token (decisions: Token kinds). */
@Resolver()
export class DeviceResolver {
  @Query(() => [RegisteredDeviceType], { description: "The signed-in user's registered devices." })
  myDevices(@Ctx() ctx: AuthContext) {
    return ctx.auth.devices.listDevices(userOf(ctx));
  }

  @Query(() => String, {
    description:
      'The entity tag of `myDevices`: changes when a device is registered, removed or changes (its updatedAt or lastUsedAt)',
  })
  myDevicesEntityTag(@Ctx() ctx: AuthContext) {
    return ctx.auth.devices.listTag(userOf(ctx));
  }

  @Mutation(() => DeviceRegistrationChallenge)
  registerDeviceChallenge(
    @Arg('input', () => RegisterDeviceChallengeInput) input: RegisterDeviceChallengeInput,
    @Ctx() ctx: AuthContext,
  ) {
    return ctx.auth.deviceRegistration.registerChallenge(userOf(ctx), { ...input });
  }

  @Mutation(() => DeviceRegistrationResult)
  verifyDeviceRegistration(
    @Arg('sessionId', () => String) sessionId: string,
    @Arg('signedChallenge', () => String) signedChallenge: string,
    @Ctx() ctx: AuthContext,
  ) {
    return ctx.auth.deviceRegistration.verifyRegistration(userOf(ctx), { sessionId, signedChallenge });
  }

  @Mutation(() => DeviceActionResult)
  deleteDevice(@Arg('deviceId', () => String) deviceId: string, @Ctx() ctx: AuthContext) {
    return ctx.auth.devices.deleteDevice(userOf(ctx), deviceId);
  }

  @Mutation(() => DeviceActionResult)
  updateDevicePushToken(
    @Arg('deviceId', () => String) deviceId: string,
    @Arg('fcmToken', () => String) fcmToken: string,
    @Ctx() ctx: AuthContext,
  ) {
    return ctx.auth.devices.updatePushToken(userOf(ctx), { deviceId, fcmToken });
  }
}
