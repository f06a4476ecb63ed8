import { constants, createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';
import { ValidationError } from '@platform/lib/errors';

/** Device key algorithms of the auth spec (Device registration). */
export const keyAlgorithms = ['ES256', 'RS256', 'PS256'] as const;
export type KeyAlgorithm = (typeof keyAlgorithms)[number];

/** auth spec, Limits: publicKey max 10240 bytes. */
export const maxPublicKeyBytes = 10240;
const minRsaBits = 2048;
const pssSaltBytes = 32;

/** Only public-key PEM blocks: a private key would parse too (Node derives its public half), so it is refused. */
const publicKeyPem = /^-----BEGIN (PUBLIC KEY|RSA PUBLIC KEY)-----\s+[A-Za-z0-9+/=\s]+-----END \1-----$/;

export class InvalidPublicKeyError extends ValidationError {
  constructor(reason: string) {
    super(`Invalid public key format: ${reason}`, [{ path: 'publicKey', message: reason }]);
  }
}

export interface DevicePublicKey {
  key: KeyObject;
  algorithm: KeyAlgorithm;
  /** SHA-256 of the SPKI encoding: names the key in audit entries without revealing it. */
  keyId: string;
}

/** Parses a device's PEM and checks it fits the declared algorithm, one guard per rule, in spec order. */
export function parseDevicePublicKey(pem: string, algorithm: KeyAlgorithm): DevicePublicKey {
  if (Buffer.byteLength(pem, 'utf8') > maxPublicKeyBytes) {
    throw new InvalidPublicKeyError(`larger than ${maxPublicKeyBytes} bytes`);
  }
  if (!publicKeyPem.test(pem.trim())) throw new InvalidPublicKeyError('not valid PEM encoding');
  let key: KeyObject;
  try {
    key = createPublicKey({ key: pem.trim(), format: 'pem' });
  } catch {
    throw new InvalidPublicKeyError('key could not be parsed');
  }
  if (algorithm === 'ES256') {
    if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
      throw new InvalidPublicKeyError('ES256 requires an elliptic-curve P-256 key');
    }
  } else {
    const rsaTypes = algorithm === 'PS256' ? ['rsa', 'rsa-pss'] : ['rsa'];
    if (!rsaTypes.includes(key.asymmetricKeyType ?? '')) {
      throw new InvalidPublicKeyError(`${algorithm} requires an RSA key`);
    }
    if ((key.asymmetricKeyDetails?.modulusLength ?? 0) < minRsaBits) {
      throw new InvalidPublicKeyError(`RSA keys must be at least ${minRsaBits} bits`);
    }
  }
  return { key, algorithm, keyId: keyIdOf(key) };
}

export function keyIdOf(key: KeyObject): string {
  return createHash('sha256')
    .update(key.export({ type: 'spki', format: 'der' }))
    .digest('base64url')
    .slice(0, 22);
}

/** signedChallenge is base64, standard or URL-safe alphabet, padding optional (decisions: Signatures). */
export function decodeSignature(signature: string): Buffer | null {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(signature)) return null;
  // Node's base64 decoder reads both alphabets, so URL-safe input needs no translation.
  const decoded = Buffer.from(signature, 'base64');
  return decoded.length > 0 ? decoded : null;
}

/**
 * Verifies a device signature over the challenge's raw bytes. ES256 accepts DER and raw r||s (64 bytes);
 * PS256 is MGF1-SHA-256 with a 32-byte salt (decisions: Signatures). Anything malformed is simply false.
 */
export function verifyDeviceSignature(publicKey: DevicePublicKey, message: Buffer, signature: string): boolean {
  const bytes = decodeSignature(signature);
  if (!bytes) return false;
  try {
    switch (publicKey.algorithm) {
      case 'ES256':
        return verify(
          'sha256',
          message,
          { key: publicKey.key, dsaEncoding: bytes.length === 64 ? 'ieee-p1363' : 'der' },
          bytes,
        );
      case 'RS256':
        return verify('sha256', message, { key: publicKey.key, padding: constants.RSA_PKCS1_PADDING }, bytes);
      case 'PS256':
        return verify(
          'sha256',
          message,
          { key: publicKey.key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: pssSaltBytes },
          bytes,
        );
    }
  } catch {
    return false;
  }
}

/**
 * Parsed device keys by device id. Parsing a PEM costs about three times the verify itself (measured here), and
 * a device's key never changes, so each process keeps the KeyObject. Bounded: the oldest entry goes first.
 */
export class DeviceKeyCache {
  private readonly keys = new Map<string, DevicePublicKey>();

  constructor(private readonly capacity = 10_000) {}

  get(deviceId: string, load: () => DevicePublicKey): DevicePublicKey {
    const cached = this.keys.get(deviceId);
    if (cached) return cached;
    const parsed = load();
    if (this.keys.size >= this.capacity) this.keys.delete(this.keys.keys().next().value!);
    this.keys.set(deviceId, parsed);
    return parsed;
  }

  forget(deviceId: string): void {
    this.keys.delete(deviceId);
  }
}
