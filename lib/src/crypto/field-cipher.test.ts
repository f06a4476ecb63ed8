import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FieldCipher, FieldCipherError } from './field-cipher.js';

const keyA = randomBytes(32).toString('base64');
const keyB = randomBytes(32).toString('base64');

describe('FieldCipher', () => {
  it('round-trips and never stores the plaintext', () => {
    const cipher = new FieldCipher({ currentKey: keyA });
    const stored = cipher.encrypt('-----BEGIN PUBLIC KEY-----', 'device.public_key');
    expect(stored).not.toContain('BEGIN');
    expect(stored.startsWith(`v1:${cipher.currentKeyId}:`)).toBe(true);
    expect(cipher.decrypt(stored, 'device.public_key')).toBe('-----BEGIN PUBLIC KEY-----');
  });

  it('uses a fresh IV for every value', () => {
    const cipher = new FieldCipher({ currentKey: keyA });
    expect(cipher.encrypt('same', 'c')).not.toBe(cipher.encrypt('same', 'c'));
  });

  it('refuses a value moved to another context or tampered with', () => {
    const cipher = new FieldCipher({ currentKey: keyA });
    const stored = cipher.encrypt('secret', 'device.fcm_token');
    expect(() => cipher.decrypt(stored, 'device.public_key')).toThrow(FieldCipherError);
    const parts = stored.split(':');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(() => cipher.decrypt(parts.join(':'), 'device.fcm_token')).toThrow(FieldCipherError);
    expect(() => cipher.decrypt('plain text', 'device.fcm_token')).toThrow(FieldCipherError);
  });

  it('decrypts with a previous key after rotation and flags the value for re-encryption', () => {
    const old = new FieldCipher({ currentKey: keyA });
    const stored = old.encrypt('secret', 'c');
    const rotated = new FieldCipher({ currentKey: keyB, previousKeys: [keyA] });
    expect(rotated.decrypt(stored, 'c')).toBe('secret');
    expect(rotated.needsRotation(stored)).toBe(true);
    expect(rotated.needsRotation(rotated.encrypt('secret', 'c'))).toBe(false);
    expect(() => new FieldCipher({ currentKey: keyB }).decrypt(stored, 'c')).toThrow(/unknown encryption key id/);
  });

  it('refuses keys that are not 32 bytes', () => {
    expect(() => new FieldCipher({ currentKey: randomBytes(16).toString('base64') })).toThrow(FieldCipherError);
  });
});
