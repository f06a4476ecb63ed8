import { constants, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeKeyPair } from '../../../../test/device-kit.js';
import {
  DeviceKeyCache,
  InvalidPublicKeyError,
  decodeSignature,
  parseDevicePublicKey,
  verifyDeviceSignature,
} from './device-signature.js';

const challenge = randomBytes(64).toString('base64url');
const message = Buffer.from(challenge, 'base64url');

describe('device signatures', () => {
  it.each(['ES256', 'RS256', 'PS256'] as const)('verifies %s over the raw challenge bytes, not the text', (alg) => {
    const keys = makeKeyPair(alg);
    const publicKey = parseDevicePublicKey(keys.publicKey, alg);
    expect(verifyDeviceSignature(publicKey, message, keys.sign(challenge))).toBe(true);
    expect(verifyDeviceSignature(publicKey, message, keys.sign(challenge, { urlSafe: true }))).toBe(true);
    const overText = sign('sha256', Buffer.from(challenge), keys.privateKey).toString('base64');
    expect(verifyDeviceSignature(publicKey, message, overText)).toBe(false);
  });

  it('accepts ES256 in DER and raw r||s, and base64 without padding', () => {
    const keys = makeKeyPair('ES256');
    const publicKey = parseDevicePublicKey(keys.publicKey, 'ES256');
    const raw = keys.sign(challenge, { raw: true });
    expect(Buffer.from(raw, 'base64')).toHaveLength(64);
    expect(verifyDeviceSignature(publicKey, message, raw)).toBe(true);
    expect(verifyDeviceSignature(publicKey, message, raw.replace(/=+$/, ''))).toBe(true);
  });

  it('requires PSS with a 32-byte salt for PS256', () => {
    const keys = makeKeyPair('PS256');
    const publicKey = parseDevicePublicKey(keys.publicKey, 'PS256');
    const shortSalt = sign('sha256', message, {
      key: keys.privateKey,
      padding: constants.RSA_PKCS1_PSS_PADDING,
      saltLength: 20,
    }).toString('base64');
    expect(verifyDeviceSignature(publicKey, message, shortSalt)).toBe(false);
  });

  it('accepts an RSA-PSS key for PS256 only', () => {
    const { publicKey } = generateKeyPairSync('rsa-pss', { modulusLength: 2048 });
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(parseDevicePublicKey(pem, 'PS256').key.asymmetricKeyType).toBe('rsa-pss');
    expect(() => parseDevicePublicKey(pem, 'RS256')).toThrow(InvalidPublicKeyError);
  });

  it('treats undecodable signatures as wrong ones', () => {
    expect(decodeSignature('not base64!')).toBeNull();
    expect(decodeSignature('')).toBeNull();
    const publicKey = parseDevicePublicKey(makeKeyPair('ES256').publicKey, 'ES256');
    expect(verifyDeviceSignature(publicKey, message, '%%%')).toBe(false);
  });

  it('keeps a bounded cache of parsed keys', () => {
    const cache = new DeviceKeyCache(2);
    const parsed = parseDevicePublicKey(makeKeyPair('ES256').publicKey, 'ES256');
    let loads = 0;
    const load = () => {
      loads += 1;
      return parsed;
    };
    cache.get('a', load);
    cache.get('a', load);
    cache.get('b', load);
    cache.get('c', load);
    cache.get('a', load);
    expect(loads).toBe(4);
  });
});
