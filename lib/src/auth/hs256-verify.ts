import { createHmac, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { JWTPayload, ProtectedHeaderParameters } from 'jose';

export interface Hs256Expectations {
  issuer: string;
  /** The token's `aud` must contain one of these. */
  audiences: readonly string[];
  requiredClaims: readonly string[];
  /** Seconds since the epoch. */
  nowSeconds: number;
}

export interface VerifiedJws<T> {
  header: ProtectedHeaderParameters;
  payload: T;
}

/** Any reason a token is refused; the codec turns each into the same 401 without saying which. */
export class InvalidJwsError extends Error {}

const base64url = /^[A-Za-z0-9_-]+$/;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

function jsonObjectOf(part: string, name: string): Record<string, unknown> {
  if (!base64url.test(part)) throw new InvalidJwsError(`${name} is not base64url`);
  let value: unknown;
  try {
    value = JSON.parse(strictUtf8.decode(Buffer.from(part, 'base64url')));
  } catch {
    throw new InvalidJwsError(`${name} is not JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidJwsError(`${name} is not a JSON object`);
  }
  return value as Record<string, unknown>;
}

/** RFC 7519 §4.1.3: `aud` is one string or an array of strings. */
function audienceMatches(aud: unknown, expected: readonly string[]): boolean {
  if (typeof aud === 'string') return expected.includes(aud);
  return Array.isArray(aud) && aud.some((value) => typeof value === 'string' && expected.includes(value));
}

/**
 * Compact HS256 JWS verification with node:crypto's synchronous HMAC, checking what jose's jwtVerify checks
 * for our options. jose 6 verifies through WebCrypto, whose per-call job dispatch cost several times the
 * HMAC itself on every authenticated request (bench: /internal/verify). Checks in RFC 7515/7519 order.
 */
export function verifyHs256<T extends JWTPayload>(
  token: string,
  keyFor: (kid: string) => KeyObject | undefined,
  expected: Hs256Expectations,
): VerifiedJws<T> {
  const verified = verifyHs256Signature<T>(token, keyFor);
  checkHs256Claims(verified.payload, expected);
  return verified;
}

/** The deterministic half: structure, header, signature and payload JSON; the same for a token every time. */
export function verifyHs256Signature<T extends JWTPayload>(
  token: string,
  keyFor: (kid: string) => KeyObject | undefined,
): VerifiedJws<T> {
  const parts = token.split('.');
  // RFC 7515 §7.1: header, payload and signature.
  if (parts.length !== 3) throw new InvalidJwsError('not a compact JWS');
  const [encodedHeader, encodedPayload, signature] = parts as [string, string, string];
  const header = jsonObjectOf(encodedHeader, 'header');
  // Only HS256 is ever issued; "none" and every other algorithm are refused.
  if (header.alg !== 'HS256') throw new InvalidJwsError('algorithm not allowed');
  // RFC 7515 §4.1.11: no extension this verifier understands, so any critical one is refused.
  if (header.crit !== undefined) throw new InvalidJwsError('critical header parameters not supported');
  const key = typeof header.kid === 'string' ? keyFor(header.kid) : undefined;
  if (!key) throw new InvalidJwsError('unknown key id');
  // The canonical encoding only: a signature re-encoded with different padding bits is refused too.
  const computed = createHmac('sha256', key).update(`${encodedHeader}.${encodedPayload}`).digest('base64url');
  if (signature.length !== computed.length || !timingSafeEqual(Buffer.from(signature), Buffer.from(computed))) {
    throw new InvalidJwsError('signature verification failed');
  }
  const payload = jsonObjectOf(encodedPayload, 'payload');
  return { header: header as ProtectedHeaderParameters, payload: payload as T };
}

/** The half that depends on the caller's expectations and the clock: checked on every use of a token. */
export function checkHs256Claims(payload: JWTPayload, expected: Hs256Expectations): void {
  for (const claim of expected.requiredClaims) {
    if (!Object.hasOwn(payload, claim)) throw new InvalidJwsError(`missing ${claim}`);
  }
  if (payload.iss !== expected.issuer) throw new InvalidJwsError('unexpected issuer');
  if (!audienceMatches(payload.aud, expected.audiences)) throw new InvalidJwsError('unexpected audience');
  if (payload.iat !== undefined && typeof payload.iat !== 'number') throw new InvalidJwsError('iat not a number');
  // RFC 7519 §4.1.5: not before. No clock tolerance, as with jose's default.
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > expected.nowSeconds)) {
    throw new InvalidJwsError('not yet valid');
  }
  // RFC 7519 §4.1.4: on or after exp the token is expired.
  if (payload.exp !== undefined && (typeof payload.exp !== 'number' || payload.exp <= expected.nowSeconds)) {
    throw new InvalidJwsError('expired');
  }
}
