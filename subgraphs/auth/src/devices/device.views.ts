import { trustLevelOf, type TrustLevel } from './trust-level.js';
import type { Device } from './device.entity.js';

/**
 * The spec's Device, and the trust level a biometric login with it would carry now (decisions: Trust level),
 * which the graph offers and the REST paths, asking only for the spec's fields, leave out. Never the key, its
 * algorithm or the push token.
 */
export interface DeviceView {
  id: string;
  deviceName: string;
  deviceType: string;
  deviceFingerprint: string;
  isActive: boolean;
  lastUsedAt: string | null;
  createdAt: string;
  updatedAt: string;
  trustLevel: TrustLevel;
}

export function deviceView(device: Device, now: number): DeviceView {
  return {
    id: device.id,
    deviceName: device.deviceName,
    deviceType: device.deviceType,
    deviceFingerprint: device.deviceFingerprint,
    isActive: device.isActive,
    lastUsedAt: device.lastUsedAt?.toISOString() ?? null,
    createdAt: device.createdAt.toISOString(),
    updatedAt: device.updatedAt.toISOString(),
    trustLevel: trustLevelOf(device, now),
  };
}
