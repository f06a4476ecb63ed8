import type { FieldCipher } from '@platform/lib/crypto/field-cipher';
import type { Device } from './device.entity.js';
import { parseDevicePublicKey, type DeviceKeyCache, type DevicePublicKey } from './device-signature.js';

/** The encrypted column's context names the row, so a key copied onto another device does not decrypt. */
const publicKeyContext = (deviceId: string) => `auth.device.public_key:${deviceId}`;
const pushTokenContext = (deviceId: string) => `auth.device.fcm_token:${deviceId}`;

/** Sealing and opening a device's stored secrets; parsed public keys come from the process-wide cache. */
export class DeviceKeys {
  constructor(
    private readonly cipher: FieldCipher,
    private readonly cache: DeviceKeyCache,
  ) {}

  sealPublicKey(deviceId: string, pem: string): string {
    return this.cipher.encrypt(pem, publicKeyContext(deviceId));
  }

  sealPushToken(deviceId: string, token: string): string {
    return this.cipher.encrypt(token, pushTokenContext(deviceId));
  }

  openPushToken(device: Pick<Device, 'id' | 'fcmTokenEncrypted'>): string | null {
    return device.fcmTokenEncrypted && this.cipher.decrypt(device.fcmTokenEncrypted, pushTokenContext(device.id));
  }

  publicKeyOf(device: Pick<Device, 'id' | 'publicKeyEncrypted' | 'keyAlgorithm'>): DevicePublicKey {
    return this.cache.get(device.id, () =>
      parseDevicePublicKey(
        this.cipher.decrypt(device.publicKeyEncrypted, publicKeyContext(device.id)),
        device.keyAlgorithm,
      ),
    );
  }

  forget(deviceId: string): void {
    this.cache.forget(deviceId);
  }
}
