import { createHash } from 'node:crypto';

/** Tokens carry a hash of the device fingerprint, never the fingerprint itself. */
export function fingerprintHash(fingerprint: string | undefined): string | undefined {
  return fingerprint ? createHash('sha256').update(fingerprint).digest('base64url') : undefined;
}
