import { deviceTypeOf, type Passkey, type PasskeyDeviceType } from './passkey.entity.js';

/** What the owner sees of a passkey; never its key, counter or user handle. */
export interface PasskeyView {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  backedUp: boolean;
  deviceType: PasskeyDeviceType;
}

export function passkeyView(passkey: Passkey): PasskeyView {
  return {
    id: passkey.id,
    name: passkey.name,
    createdAt: passkey.createdAt.toISOString(),
    lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
    backedUp: passkey.backedUp,
    deviceType: deviceTypeOf(passkey),
  };
}
