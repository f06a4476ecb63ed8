import { describeClient } from '@platform/lib/user-agent';
import type { Device } from '../devices/device.entity.js';
import type { SignInMethod, TokenFamily } from '../sessions/token-family.entity.js';

/** A session as its owner sees it (issue 27, item 3): never its tokens. */
export interface SessionView {
  id: string;
  method: SignInMethod;
  deviceId: string | null;
  deviceName: string | null;
  ipAddress: string | null;
  browser: string | null;
  os: string | null;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
}

export function sessionView(family: TokenFamily, devices: Map<string, Device>, currentId: string): SessionView {
  const device = family.deviceId ? devices.get(family.deviceId) : undefined;
  return {
    id: family.id,
    method: family.method,
    deviceId: family.deviceId,
    deviceName: device?.deviceName ?? null,
    ipAddress: family.ipAddress,
    ...describeClient(family.userAgent),
    createdAt: family.createdAt.toISOString(),
    // Access tokens are not counted per request: a session's latest use is its latest renewal, else its start.
    lastUsedAt: (family.lastUsedAt ?? family.createdAt).toISOString(),
    current: family.id === currentId,
  };
}
