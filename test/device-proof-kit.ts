import { createHash, createPublicKey, randomUUID } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, SignJWT } from 'jose';
import type { DeviceKeyPair } from './device-kit.js';

/** What a proof says; anything left out is what an honest client sends. */
export interface ProofClaims {
  htm: string;
  htu: string;
  /** The access token the request carries: its hash becomes `ath`. */
  accessToken?: string;
  ath?: string;
  iat?: number;
  jti?: string;
  nonce?: string;
  typ?: string;
}

/** The RFC 7638 thumbprint of a key pair's public key, as a bound token's `cnf.jkt` names it. */
export async function thumbprintOf(keys: DeviceKeyPair): Promise<string> {
  return calculateJwkThumbprint(await exportJWK(createPublicKey(keys.privateKey)), 'sha256');
}

/** A DPoP proof (RFC 9449 section 4.2) signed with the device's private key and its algorithm, as a phone makes one. */
export async function proofOf(keys: DeviceKeyPair, claims: ProofClaims): Promise<string> {
  const jwk = await exportJWK(createPublicKey(keys.privateKey));
  const ath =
    claims.ath ??
    (claims.accessToken ? createHash('sha256').update(claims.accessToken, 'ascii').digest('base64url') : undefined);
  return new SignJWT({
    htm: claims.htm,
    htu: claims.htu,
    ...(ath ? { ath } : {}),
    ...(claims.nonce ? { nonce: claims.nonce } : {}),
  })
    .setProtectedHeader({ typ: claims.typ ?? 'dpop+jwt', alg: keys.algorithm, jwk })
    .setJti(claims.jti ?? randomUUID())
    .setIssuedAt(claims.iat ?? Math.floor(Date.now() / 1000))
    .sign(keys.privateKey);
}
