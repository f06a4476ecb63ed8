import type { EntityManager } from '@mikro-orm/postgresql';
import type { UserCaller } from '@platform/lib/auth/caller';
import { revocationKeys, type Revocations } from '@platform/lib/auth/revocation';
import type { RateLimiter } from '@platform/lib/rate-limit';
import { validate } from '@platform/lib/validation';
import { audited } from '../audit/audited.js';
import type { AuditWriter } from '../audit/audit.service.js';
import { Device } from './device.entity.js';
import { DeviceNotFoundError } from './device.errors.js';
import type { DeviceKeys } from './device-keys.js';
import { deviceIdInput, pushTokenInput } from './device.validation.js';
import { deviceView, type DeviceView } from './device.views.js';
import type { NotificationProducer } from '@platform/lib/notifications/producer';
import { securityEvents } from '../security-events.js';

export interface DeviceActionResult {
  success: true;
  message: string;
}

/** Device management of the signed-in user (auth spec, Device management). */
export class DeviceService {
  constructor(
    private readonly em: EntityManager,
    private readonly rateLimiter: RateLimiter,
    private readonly revocations: Revocations,
    private readonly keys: DeviceKeys,
    private readonly audit: AuditWriter,
    private readonly notifications?: NotificationProducer,
  ) {}

  listDevices(caller: UserCaller): Promise<DeviceView[]> {
    return audited(this.audit, 'device_list', { userId: caller.userId }, async () => {
      await this.rateLimiter.charge('deviceManagement', `user:${caller.userId}`);
      const devices = await this.em.find(
        Device,
        { userId: caller.userId, isActive: true },
        { orderBy: { createdAt: 'asc', id: 'asc' } },
      );
      return devices.map(deviceView);
    });
  }

  /**
   * Revokes before removing: the device marker stops its access tokens on every instance at once, and each
   * of its token families is revoked so no refresh token outlives it (decisions: Device binding).
   */
  deleteDevice(caller: UserCaller, deviceId: unknown): Promise<DeviceActionResult> {
    return audited(this.audit, 'device_delete', { userId: caller.userId }, async (trail) => {
      const values = validate(deviceIdInput, { deviceId });
      await this.rateLimiter.charge('deviceManagement', `user:${caller.userId}`);
      const device = await this.ownDevice(caller, values.deviceId);
      trail.deviceId = device.id;
      await this.revocations.revoke(revocationKeys.device(device.id));
      await this.em.transactional(async (em) => {
        const families = await em.execute<{ id: string }[]>(
          'update "auth"."token_family" set "revoked_at" = now() where "device_id" = ? and "revoked_at" is null returning "id"',
          [device.id],
        );
        await Promise.all(families.map((family) => this.revocations.revoke(revocationKeys.session(family.id))));
        await em.nativeDelete(Device, { id: device.id });
      });
      this.keys.forget(device.id);
      await this.notifications?.raise(securityEvents.deviceRemoved(caller, device.deviceName));
      return { success: true, message: 'Device deleted successfully' };
    });
  }

  updatePushToken(caller: UserCaller, input: unknown): Promise<DeviceActionResult> {
    return audited(this.audit, 'device_push_token_update', { userId: caller.userId }, async (trail) => {
      const values = validate(pushTokenInput, input);
      await this.rateLimiter.charge('deviceManagement', `user:${caller.userId}`);
      const device = await this.ownDevice(caller, values.deviceId);
      trail.deviceId = device.id;
      device.fcmTokenEncrypted = this.keys.sealPushToken(device.id, values.fcmToken);
      await this.em.flush();
      return { success: true, message: 'Push token updated successfully' };
    });
  }

  private async ownDevice(caller: UserCaller, deviceId: string): Promise<Device> {
    const device = await this.em.findOne(Device, { id: deviceId, userId: caller.userId, isActive: true });
    if (!device) throw new DeviceNotFoundError();
    return device;
  }
}
