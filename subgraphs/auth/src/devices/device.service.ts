import type { UserCaller } from '@platform/lib/auth/caller';
import { revocationMarkers } from '@platform/lib/auth/revocation';
import { versionTagOf } from '@platform/lib/entity-tag';
import type { RateLimiter } from '@platform/lib/rate-limit';
import { validate } from '@platform/lib/validation';
import { audited } from '../audit/audited.js';
import type { AuditWriter } from '../audit/audit.service.js';
import type { Device } from './device.entity.js';
import type { DeviceRepository } from './device.repository.js';
import { DeviceNotFoundError } from './device.errors.js';
import type { DeviceKeys } from './device-keys.js';
import { deviceIdInput, pushTokenInput } from './device.validation.js';
import { deviceView, type DeviceView } from './device.views.js';
import type { NotificationProducer } from '@platform/lib/notifications/producer';
import { securityEvents } from '../security-events.js';
import type { TokenFamilyRepository } from '../sessions/token-family.repository.js';
import type { RevocationService } from '../revocations/revocation.service.js';

export interface DeviceActionResult {
  success: true;
  message: string;
}

export interface DeviceServiceDependencies {
  devices: DeviceRepository;
  tokenFamilies: TokenFamilyRepository;
  rateLimiter: RateLimiter;
  revocations: RevocationService;
  keys: DeviceKeys;
  audit: AuditWriter;
  now: () => number;
  notifications: NotificationProducer;
}

/** Device management of the signed-in user (auth spec, Device management). */
export class DeviceService {
  constructor(private readonly deps: DeviceServiceDependencies) {}

  listDevices(caller: UserCaller): Promise<DeviceView[]> {
    return audited(this.deps.audit, 'device_list', { userId: caller.userId }, async () => {
      await this.deps.rateLimiter.charge('deviceManagement', `user:${caller.userId}`);
      const devices = await this.deps.devices.listActiveOf(caller.userId);
      return devices.map((device) => deviceView(device, this.deps.now()));
    });
  }

  /**
   * The entity tag of what `listDevices` answers (issue 28, conditional requests): charged and audited as a list
   * (a request answered 304 is still a request), from one statement that reads each device's id, update time and
   * latest use in order and writes the audit entry.
   */
  listTag(caller: UserCaller): Promise<string> {
    return audited(this.deps.audit, 'device_list', { userId: caller.userId }, async (_trail, stageSuccess) => {
      await this.deps.rateLimiter.charge('deviceManagement', `user:${caller.userId}`);
      const devices = await this.deps.devices.activeVersionOf(caller.userId, stageSuccess());
      const iso = (time: string | null) => (time === null ? null : new Date(time).toISOString());
      return versionTagOf({
        kind: 'device-list',
        items: devices.map(([id, updatedAt, lastUsedAt]) => ({ id, state: [iso(updatedAt), iso(lastUsedAt)] })),
      });
    });
  }

  /**
   * Revokes before removing: the device marker stops its access tokens on every instance at once, and each
   * of its token families is revoked so no refresh token outlives it (decisions: Device binding).
   */
  deleteDevice(caller: UserCaller, deviceId: unknown): Promise<DeviceActionResult> {
    return audited(this.deps.audit, 'device_delete', { userId: caller.userId }, async (trail) => {
      await this.deps.rateLimiter.charge('deviceManagement', `user:${caller.userId}`);
      const values = validate(deviceIdInput, { deviceId });
      const device = await this.ownDevice(caller, values.deviceId);
      trail.deviceId = device.id;
      await this.deps.revocations.run(async (revoke) => {
        revoke(revocationMarkers.device(device.id));
        const families = await this.deps.tokenFamilies.revokeAllOfDevice(device.id);
        families.forEach((familyId) => revoke(revocationMarkers.session(familyId)));
        await this.deps.devices.remove(device.id);
      });
      this.deps.keys.forget(device.id);
      await this.deps.notifications.raise(securityEvents.deviceRemoved(caller, device.deviceName));
      return { success: true, message: 'Device deleted successfully' };
    });
  }

  updatePushToken(caller: UserCaller, input: unknown): Promise<DeviceActionResult> {
    return audited(this.deps.audit, 'device_push_token_update', { userId: caller.userId }, async (trail) => {
      await this.deps.rateLimiter.charge('deviceManagement', `user:${caller.userId}`);
      const values = validate(pushTokenInput, input);
      const device = await this.ownDevice(caller, values.deviceId);
      trail.deviceId = device.id;
      await this.deps.devices.setPushToken(device, this.deps.keys.sealPushToken(device.id, values.fcmToken));
      return { success: true, message: 'Push token updated successfully' };
    });
  }

  private async ownDevice(caller: UserCaller, deviceId: string): Promise<Device> {
    const device = await this.deps.devices.findActiveOf(caller.userId, deviceId);
    if (!device) throw new DeviceNotFoundError();
    return device;
  }
}
