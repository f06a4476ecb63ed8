import type { EntityManager } from '@mikro-orm/postgresql';
import { Device } from './device.entity.js';

/** A verified registration; the public key arrives sealed. */
export type NewDevice = Pick<
  Device,
  'id' | 'userId' | 'deviceName' | 'deviceType' | 'deviceFingerprint' | 'publicKeyEncrypted' | 'keyAlgorithm' | 'keyId'
>;

/** The device table (the biometric login's own statements aside: mobile/login.repository.ts). */
export class DeviceRepository {
  constructor(private readonly em: EntityManager) {}

  /** Oldest first (decisions: Messages). */
  listActiveOf(userId: number): Promise<Device[]> {
    return this.em.find(Device, { userId, isActive: true }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  findActiveOf(userId: number, id: string): Promise<Device | null> {
    return this.em.findOne(Device, { id, userId, isActive: true });
  }

  /** The user's active devices holding a push token, oldest first. */
  listPushTargetsOf(userId: number): Promise<Device[]> {
    return this.em.find(
      Device,
      { userId, isActive: true, fcmTokenEncrypted: { $ne: null } },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
  }

  /** Only the token that was refused: one the device set meanwhile stays. */
  async removePushToken(id: string, sealedToken: string): Promise<void> {
    await this.em.nativeUpdate(Device, { id, fcmTokenEncrypted: sealedToken }, { fcmTokenEncrypted: null });
  }

  findActive(id: string): Promise<Device | null> {
    return this.em.findOne(Device, { id, isActive: true });
  }

  async fingerprintRegistered(userId: number, deviceFingerprint: string): Promise<boolean> {
    return (await this.em.count(Device, { userId, deviceFingerprint })) > 0;
  }

  countActiveOf(userId: number): Promise<number> {
    return this.em.count(Device, { userId, isActive: true });
  }

  async add(values: NewDevice): Promise<Device> {
    const device = this.em.create(Device, values);
    await this.em.flush();
    return device;
  }

  async remove(id: string): Promise<void> {
    await this.em.nativeDelete(Device, { id });
  }

  async setPushToken(device: Device, sealedToken: string): Promise<void> {
    device.fcmTokenEncrypted = sealedToken;
    await this.em.flush();
  }

  /** Written by the commit of the unit of work it is staged in. */
  stageLastUse(device: Device, at: Date): void {
    device.lastUsedAt = at;
  }
}
