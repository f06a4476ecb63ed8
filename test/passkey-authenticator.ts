import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/** COSE algorithms: the two the product offers, and ES384 (-35) for "an algorithm not offered". */
export type CoseAlgorithm = -7 | -257 | -35;

/** A credential held by the software authenticator: a real key pair and its own signature counter. */
export interface SoftwareCredential {
  id: Buffer;
  algorithm: CoseAlgorithm;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

/** What a test may change of what a correct authenticator and browser would send. */
export interface Tampering {
  origin?: string;
  crossOrigin?: boolean;
  topOrigin?: string;
  type?: string;
  challenge?: string;
  rpId?: string;
  flags?: Partial<Record<'up' | 'uv' | 'be' | 'bs', boolean>>;
  counter?: number;
  userHandle?: string | null;
  /** Signs something else than the assertion (a bad signature). */
  badSignature?: boolean;
}

const flagBits = { up: 0x01, uv: 0x04, be: 0x08, bs: 0x10, at: 0x40 } as const;
const defaultFlags = { up: true, uv: true, be: false, bs: false };

export function newCredential(algorithm: CoseAlgorithm = -7, idBytes = 32): SoftwareCredential {
  const pair =
    algorithm === -257
      ? generateKeyPairSync('rsa', { modulusLength: 2048 })
      : generateKeyPairSync('ec', { namedCurve: algorithm === -7 ? 'P-256' : 'P-384' });
  return { id: randomBytes(idBytes), algorithm, ...pair };
}

function coseKey(credential: SoftwareCredential): Map<number, number | Uint8Array> {
  const jwk = credential.publicKey.export({ format: 'jwk' });
  const bytes = (value: string | undefined) => new Uint8Array(Buffer.from(value ?? '', 'base64url'));
  if (credential.algorithm === -257) {
    return new Map<number, number | Uint8Array>([
      [1, 3],
      [3, -257],
      [-1, bytes(jwk.n)],
      [-2, bytes(jwk.e)],
    ]);
  }
  return new Map<number, number | Uint8Array>([
    [1, 2],
    [3, credential.algorithm],
    [-1, credential.algorithm === -7 ? 1 : 2],
    [-2, bytes(jwk.x)],
    [-3, bytes(jwk.y)],
  ]);
}

function authenticatorData(rpId: string, tampering: Tampering, attested?: SoftwareCredential): Buffer {
  const flags = { ...defaultFlags, ...tampering.flags };
  let bits = 0;
  for (const flag of ['up', 'uv', 'be', 'bs'] as const) if (flags[flag]) bits |= flagBits[flag];
  if (attested) bits |= flagBits.at;
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(tampering.counter ?? 0);
  const parts: Uint8Array[] = [
    createHash('sha256')
      .update(tampering.rpId ?? rpId)
      .digest(),
    Buffer.from([bits]),
    counter,
  ];
  if (attested) {
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(attested.id.length);
    parts.push(Buffer.alloc(16), idLength, attested.id, Buffer.from(isoCBOR.encode(coseKey(attested))));
  }
  return Buffer.concat(parts);
}

function clientData(kind: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string, tampering: Tampering) {
  const data: Record<string, unknown> = {
    type: tampering.type ?? kind,
    challenge: tampering.challenge ?? challenge,
    origin: tampering.origin ?? origin,
    crossOrigin: tampering.crossOrigin ?? false,
  };
  if (tampering.topOrigin) data.topOrigin = tampering.topOrigin;
  return Buffer.from(JSON.stringify(data));
}

/** The `credential` of register/finish, as a browser would send it after navigator.credentials.create. */
export function attestation(
  credential: SoftwareCredential,
  options: { challenge: string; rp: { id: string } },
  origin: string,
  tampering: Tampering = {},
) {
  const authData = authenticatorData(options.rp.id, tampering, credential);
  const attestationObject = isoCBOR.encode(
    new Map<string, string | Uint8Array | Map<string, string>>([
      ['fmt', 'none'],
      ['attStmt', new Map<string, string>()],
      ['authData', new Uint8Array(authData)],
    ]),
  );
  const id = credential.id.toString('base64url');
  return {
    id,
    rawId: id,
    type: 'public-key',
    response: {
      clientDataJSON: clientData('webauthn.create', options.challenge, origin, tampering).toString('base64url'),
      attestationObject: Buffer.from(attestationObject).toString('base64url'),
      transports: ['internal'],
    },
    clientExtensionResults: {},
  };
}

/** The `credential` of login/finish, as a browser would send it after navigator.credentials.get. */
export function assertion(
  credential: SoftwareCredential,
  options: { challenge: string; rpId: string },
  origin: string,
  userHandle: string | null,
  tampering: Tampering = {},
) {
  const authData = authenticatorData(options.rpId, tampering);
  const clientDataJSON = clientData('webauthn.get', options.challenge, origin, tampering);
  const signed = Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]);
  const signature = sign('sha256', tampering.badSignature ? randomBytes(64) : signed, credential.privateKey);
  const id = credential.id.toString('base64url');
  const handle = tampering.userHandle === undefined ? userHandle : tampering.userHandle;
  return {
    id,
    rawId: id,
    type: 'public-key',
    response: {
      clientDataJSON: clientDataJSON.toString('base64url'),
      authenticatorData: authData.toString('base64url'),
      signature: signature.toString('base64url'),
      ...(handle ? { userHandle: handle } : {}),
    },
    clientExtensionResults: {},
  };
}
