import type { FieldCipher } from '@platform/lib/crypto/field-cipher';
import type { Device } from './device.entity.js';
import { parseDevicePublicKey, type DeviceKeyCache, type DevicePublicKey } from './device-signature.js';

/** The encrypted column's context names the row, so a key copied onto another device does not decrypt. */
const publicKeyContext = (deviceId: string) => `auth.device.public_key:${deviceId}`;
const pushTokenContext = (deviceId: string) => `auth.device.fcm_token:${deviceId}`;

export interface DeviceKeysDependencies {
  cipher: FieldCipher;
  cache: DeviceKeyCache;
}

/** Sealing and opening a device's stored secrets; parsed public keys come from the process-wide cache. */
export class DeviceKeys {
  constructor(private readonly deps: DeviceKeysDependencies) {}

  sealPublicKey(deviceId: string, pem: string): string {
    return this.deps.cipher.encrypt(pem, publicKeyContext(deviceId));
  }

  sealPushToken(deviceId: string, token: string): string {
    return this.deps.cipher.encrypt(token, pushTokenContext(deviceId));
  }

  openPushToken(device: Pick<Device, 'id' | 'fcmTokenEncrypted'>): string | null {
    return device.fcmTokenEncrypted && this.deps.cipher.decrypt(device.fcmTokenEncrypted, pushTokenContext(device.id));
  }

  publicKeyOf(device: Pick<Device, 'id' | 'publicKeyEncrypted' | 'keyAlgorithm'>): DevicePublicKey {
    return this.deps.cache.get(device.id, () =>
      parseDevicePublicKey(
        this.deps.cipher.decrypt(device.publicKeyEncrypted, publicKeyContext(device.id)),
        device.keyAlgorithm,
      ),
    );
  }

  forget(deviceId: string): void {
    this.deps.cache.forget(deviceId);
  }
}
