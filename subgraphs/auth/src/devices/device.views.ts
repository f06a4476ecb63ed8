import type { Device } from './device.entity.js';

/** The spec's Device: exactly these fields; never the key, its algorithm or the push token. */
export interface DeviceView {
  id: string;
  deviceName: string;
  deviceType: string;
  deviceFingerprint: string;
  isActive: boolean;
  lastUsedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export function deviceView(device: Device): DeviceView {
  return {
    id: device.id,
    deviceName: device.deviceName,
    deviceType: device.deviceType,
    deviceFingerprint: device.deviceFingerprint,
    isActive: device.isActive,
    lastUsedAt: device.lastUsedAt?.toISOString() ?? null,
    createdAt: device.createdAt.toISOString(),
    updatedAt: device.updatedAt.toISOString(),
  };
}
