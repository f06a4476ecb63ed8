import type { Uint8Array_ } from '@simplewebauthn/server';
import type { FieldCipher } from '@platform/lib/crypto/field-cipher';
import type { Passkey } from './passkey.entity.js';

/** The encrypted column's context names the row, so a key copied onto another passkey does not decrypt. */
const publicKeyContext = (passkeyId: string) => `auth.passkey.public_key:${passkeyId}`;

/** The COSE public key, sealed at rest (decisions: Encryption at rest) and opened to verify an assertion. */
export class PasskeyKeys {
  constructor(private readonly cipher: FieldCipher) {}

  seal(passkeyId: string, publicKey: Uint8Array_): string {
    return this.cipher.encrypt(Buffer.from(publicKey).toString('base64url'), publicKeyContext(passkeyId));
  }

  open(passkey: Pick<Passkey, 'id' | 'publicKeyEncrypted'>): Uint8Array_ {
    return new Uint8Array(
      Buffer.from(this.cipher.decrypt(passkey.publicKeyEncrypted, publicKeyContext(passkey.id)), 'base64url'),
    );
  }
}

/** COSE algorithm names for audit entries. */
export function algorithmName(algorithm: number): string {
  return algorithm === -7 ? 'ES256' : algorithm === -257 ? 'RS256' : String(algorithm);
}
