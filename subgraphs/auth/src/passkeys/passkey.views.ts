import { deviceTypeOf, type Passkey, type PasskeyDeviceType } from './passkey.entity.js';

/**
 * What the owner sees of a passkey; never its key or counter. The credential id and the account's user handle are
 * the graph's only (issue 27, item 5: the console names them to the browser's Signal API); REST keeps the spec's.
 */
export interface PasskeyView {
  id: string;
  credentialId: string;
  userHandle: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  backedUp: boolean;
  deviceType: PasskeyDeviceType;
}

export function passkeyView(passkey: Passkey): PasskeyView {
  return {
    id: passkey.id,
    credentialId: passkey.credentialId,
    userHandle: passkey.userHandle,
    name: passkey.name,
    createdAt: passkey.createdAt.toISOString(),
    lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
    backedUp: passkey.backedUp,
    deviceType: deviceTypeOf(passkey),
  };
}
