import type { Device } from './device.entity.js';

export type TrustLevel = 'low' | 'medium' | 'high';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * decisions: Trust level. high = ES256 or PS256 on a mobile device used within 30 days; medium = any other
 * device used within 90 days; low = otherwise. A device never used before counts as recently used.
 */
export function trustLevelOf(
  device: Pick<Device, 'keyAlgorithm' | 'deviceType' | 'lastUsedAt'>,
  now: number,
): TrustLevel {
  const usedWithin = (days: number) => device.lastUsedAt === null || now - device.lastUsedAt.getTime() <= days * dayMs;
  const strongKey = device.keyAlgorithm === 'ES256' || device.keyAlgorithm === 'PS256';
  if (strongKey && device.deviceType === 'mobile' && usedWithin(30)) return 'high';
  if (usedWithin(90)) return 'medium';
  return 'low';
}
