import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** The stored form: a version, the key id, then IV, ciphertext and tag (base64url), colon-separated. */
const version = 'v1';
const ivBytes = 12;
const tagBytes = 16;

export class FieldCipherError extends Error {}

interface CipherKey {
  id: string;
  key: Buffer;
}

/** A key id derived from the key itself, so a rotated-out key is found again without extra configuration. */
function keyIdOf(key: Buffer): string {
  return createHash('sha256').update('field-cipher:').update(key).digest('base64url').slice(0, 8);
}

function cipherKey(base64: string): CipherKey {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== 32) throw new FieldCipherError('encryption keys must be 32 bytes (AES-256)');
  return { id: keyIdOf(key), key };
}

/** The keys, base64 of 32 bytes each. */
export interface FieldCipherKeys {
  /** Encrypts, and decrypts. */
  currentKey: string;
  /** Still decrypt until they are removed. */
  previousKeys?: string[];
}

/**
 * AES-256-GCM for sensitive columns (decisions: Encryption at rest). The current key encrypts; previous
 * keys still decrypt, found by the key id stored in each value. The context is authenticated data that ties
 * a ciphertext to its place (for example `device.public_key`), so a value copied to another column fails.
 */
export class FieldCipher {
  private readonly current: CipherKey;
  private readonly keys: Map<string, Buffer>;

  constructor({ currentKey, previousKeys = [] }: FieldCipherKeys) {
    this.current = cipherKey(currentKey);
    this.keys = new Map([this.current, ...previousKeys.map(cipherKey)].map((k) => [k.id, k.key]));
  }

  get currentKeyId(): string {
    return this.current.id;
  }

  encrypt(plaintext: string, context: string): string {
    const iv = randomBytes(ivBytes);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv, { authTagLength: tagBytes });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [version, this.current.id, iv, ciphertext, cipher.getAuthTag()]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join(':');
  }

  decrypt(stored: string, context: string): string {
    const [storedVersion, keyId, iv, ciphertext, tag, extra] = stored.split(':');
    if (storedVersion !== version || !keyId || !iv || ciphertext === undefined || !tag || extra !== undefined) {
      throw new FieldCipherError('not an encrypted value');
    }
    const key = this.keys.get(keyId);
    if (!key) throw new FieldCipherError(`unknown encryption key id ${keyId}`);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: tagBytes });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new FieldCipherError('encrypted value failed authentication');
    }
  }

  /** True when the value was written with an older key and should be re-encrypted. */
  needsRotation(stored: string): boolean {
    return stored.split(':')[1] !== this.current.id;
  }
}
