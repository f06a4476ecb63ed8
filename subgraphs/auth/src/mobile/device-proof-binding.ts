import { calculateJwkThumbprint, type JWK } from 'jose';
import { InvalidDeviceProofError } from '@platform/lib/auth/auth.errors';
import type { DeviceProofMode } from '@platform/lib/auth/device-proof-guard';
import type { VerifiedDeviceProof } from '@platform/lib/auth/device-proof';
import type { AuditTrail } from '../audit/audited.js';
import type { Device } from '../devices/device.entity.js';
import type { DeviceKeys } from '../devices/device-keys.js';

type KeyedDevice = Pick<Device, 'id' | 'publicKeyEncrypted' | 'keyAlgorithm'>;

export interface DeviceProofBindingDependencies {
  keys: DeviceKeys;
  mode: DeviceProofMode;
}

/** The RFC 7638 thumbprint of a device's registered public key, the value a bound token's `cnf.jkt` carries. */
export async function registeredThumbprintOf(keys: DeviceKeys, device: KeyedDevice): Promise<string> {
  const jwk = keys.publicKeyOf(device).key.export({ format: 'jwk' }) as JWK;
  return calculateJwkThumbprint(jwk, 'sha256');
}

/**
 * Which key a biometric login or refresh binds its tokens to (issue 27), one guard per rule: the edge has
 * verified the proof itself (lib/src/auth/device-proof.ts); here it must be the device's registered key, with
 * its registered algorithm, and a refresh token already bound needs a proof by its key. No proof: unbound
 * tokens, unless DEVICE_PROOF=required. A refusal names its reason in the audit entry's details.
 */
export class DeviceProofBinding {
  constructor(private readonly deps: DeviceProofBindingDependencies) {}

  async keyFor(
    device: KeyedDevice,
    proof: VerifiedDeviceProof | null | undefined,
    trail: AuditTrail,
    boundTo?: string,
  ): Promise<string | undefined> {
    if (!proof) {
      if (boundTo !== undefined || this.deps.mode === 'required') this.refuse('missing', trail);
      return undefined;
    }
    if (proof.alg !== device.keyAlgorithm) this.refuse('other_algorithm', trail);
    const registered = await registeredThumbprintOf(this.deps.keys, device).catch(() => undefined);
    if (proof.jkt !== registered) this.refuse('other_key', trail);
    if (boundTo !== undefined && proof.jkt !== boundTo) this.refuse('other_key', trail);
    trail.details = { ...trail.details, deviceProof: 'bound' };
    return proof.jkt;
  }

  private refuse(reason: InvalidDeviceProofError['reason'], trail: AuditTrail): never {
    trail.details = { ...trail.details, deviceProof: reason };
    throw new InvalidDeviceProofError(reason);
  }
}
