import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { calculateJwkThumbprint, decodeProtectedHeader, EmbeddedJWK, jwtVerify, type JWK, type JWTPayload } from 'jose';
import type { KeyValueStore } from '../store/ports.js';
import { InvalidDeviceProofError, type DeviceProofRefusal } from './auth.errors.js';

/** The device key algorithms of the auth spec (Device registration); a proof is signed with one of them. */
export const deviceProofAlgorithms = ['ES256', 'RS256', 'PS256'] as const;
export type DeviceProofAlgorithm = (typeof deviceProofAlgorithms)[number];

/** A proof's iat may be this far from the server's clock, either way (issue 27: "an iat outside a 60 s window"). */
export const proofWindowSeconds = 60;
/** A server nonce (RFC 9449 section 8) is accepted this long after it was issued. */
export const nonceLifetimeSeconds = 300;
/** Far larger than any proof a device key makes (an RSA-4096 JWK and signature are about 2 KB). */
const maxProofBytes = 8192;
const maxJtiLength = 256;

/** A proof that held: the thumbprint of its key (RFC 7638) and the algorithm it was signed with. */
export interface VerifiedDeviceProof {
  jkt: string;
  alg: DeviceProofAlgorithm;
}

/** What the proof must name: the request's method and every URL the client may have called (normalized). */
export interface ProofTarget {
  method: string;
  urls: string[];
}

export interface DeviceProofsDependencies {
  /** Seen jti values, shared by every instance (Redis), kept for the window. */
  store: KeyValueStore;
  /** Derives the nonce key: every instance issues and accepts the same nonces. */
  secret: string;
  /** DEVICE_PROOF_NONCE: `required` refuses a proof without a valid nonce of ours (RFC 9449 section 8). */
  nonce?: 'optional' | 'required';
  now: () => number;
}

/** The access token hash of RFC 9449 section 4.2: base64url SHA-256 of the token's ASCII. */
export const accessTokenHashOf = (token: string) => createHash('sha256').update(token, 'ascii').digest('base64url');

/** `scheme://host[:port]/path`, lower-cased scheme and host, without query or fragment (RFC 9449 section 4.3). */
export function normalizedHtu(url: string): string | null {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return null;
  }
}

const refuse = (reason: DeviceProofRefusal) => new InvalidDeviceProofError(reason);

/**
 * Verifies DPoP proofs (RFC 9449 section 4.3) for the edge, one guard per rule in the RFC's order: a compact JWS
 * with `typ: dpop+jwt`, a device algorithm and a public `jwk` header whose key verifies the signature; `htm` and
 * `htu` of this request; `iat` within the window; `ath` of the presented token; a nonce of ours if it names one;
 * and a `jti` seen nowhere before (one SET NX in the shared store, so a replay on another instance is refused).
 */
export class DeviceProofs {
  private readonly nonceKey: Buffer;

  constructor(private readonly deps: DeviceProofsDependencies) {
    this.nonceKey = createHmac('sha256', deps.secret).update('dpop-nonce').digest();
  }

  async verify(proof: string, target: ProofTarget, accessToken?: string): Promise<VerifiedDeviceProof> {
    if (proof.length > maxProofBytes) throw refuse('malformed');
    const header = headerOf(proof);
    if (!header) throw refuse('malformed');
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(proof, EmbeddedJWK, {
        typ: 'dpop+jwt',
        algorithms: [...deviceProofAlgorithms],
        currentDate: new Date(this.deps.now()),
      }));
    } catch {
      throw refuse('signature');
    }
    if (payload.htm !== target.method) throw refuse('method_or_url');
    const htu = typeof payload.htu === 'string' ? normalizedHtu(payload.htu) : null;
    if (!htu || !target.urls.includes(htu)) throw refuse('method_or_url');
    const nowSeconds = this.deps.now() / 1000;
    if (typeof payload.iat !== 'number' || Math.abs(nowSeconds - payload.iat) > proofWindowSeconds) {
      throw refuse('iat_window');
    }
    if (typeof payload.jti !== 'string' || payload.jti.length === 0 || payload.jti.length > maxJtiLength) {
      throw refuse('malformed');
    }
    if (accessToken !== undefined && payload.ath !== accessTokenHashOf(accessToken)) throw refuse('access_token_hash');
    if (this.deps.nonce === 'required' && !this.acceptsNonce(payload.nonce)) throw refuse('use_nonce');
    if (payload.nonce !== undefined && !this.acceptsNonce(payload.nonce)) throw refuse('nonce');
    const jkt = await calculateJwkThumbprint(header.jwk, 'sha256');
    const jtiKey = `dpop:jti:${jkt}:${createHash('sha256').update(payload.jti).digest('base64url')}`;
    // Kept for both sides of the window: a proof is usable from iat - 60 s to iat + 60 s.
    if (!(await this.deps.store.setIfAbsent(jtiKey, '1', 2 * proofWindowSeconds * 1000))) throw refuse('replayed');
    return { jkt, alg: header.alg };
  }

  /** A fresh nonce for the `DPoP-Nonce` header: its issue time and a MAC, so any instance can check it. */
  issueNonce(): string {
    const issued = String(Math.floor(this.deps.now() / 1000));
    return `${issued}.${this.macOf(issued)}`;
  }

  private acceptsNonce(nonce: unknown): boolean {
    if (typeof nonce !== 'string') return false;
    const [issued, mac, extra] = nonce.split('.');
    if (!issued || !mac || extra !== undefined || !/^\d{1,12}$/.test(issued)) return false;
    const expected = Buffer.from(this.macOf(issued));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    const age = this.deps.now() / 1000 - Number(issued);
    return age >= -proofWindowSeconds && age <= nonceLifetimeSeconds;
  }

  private macOf(issued: string): string {
    return createHmac('sha256', this.nonceKey).update(issued).digest('base64url');
  }
}

/** The protected header of a well-formed proof, or null: typ, a device algorithm, a public JWK. */
function headerOf(proof: string): { alg: DeviceProofAlgorithm; jwk: JWK } | null {
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(proof);
  } catch {
    return null;
  }
  const { typ, alg, jwk } = header;
  if (typ !== 'dpop+jwt') return null;
  if (!deviceProofAlgorithms.includes(alg as DeviceProofAlgorithm)) return null;
  if (typeof jwk !== 'object' || jwk === null || 'd' in jwk) return null;
  return { alg: alg as DeviceProofAlgorithm, jwk };
}
