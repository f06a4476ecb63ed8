import { createHash, createHmac, createSecretKey, randomUUID, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { JWTHeaderParameters, JWTPayload } from 'jose';
import type { AppError } from '../errors.js';
import type { TokenKind } from './token-kinds.js';

interface SigningKey {
  kid: string;
  /** Imported once: a raw secret per call halves throughput. */
  secret: KeyObject;
}

interface VerifiedJws {
  header: JWTHeaderParameters;
  payload: JWTPayload;
}

/** A key id derived from the secret itself, so a rotated-out key is found without extra configuration. */
function keyIdOf(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url').slice(0, 12);
}

function signingKey(secret: string): SigningKey {
  return { kid: keyIdOf(secret), secret: createSecretKey(Buffer.from(secret, 'utf8')) };
}

/** Every token the platform issues carries these; a token without one is refused. */
const requiredClaims = ['jti', 'iat', 'exp', 'sub', 'token_use', 'aud'] as const;

export interface IssuedToken {
  token: string;
  jti: string;
  expiresAt: Date;
}

export interface TokenCodecOptions {
  /** Signs, and verifies. */
  secret: string;
  /** Still verify until they are removed. */
  previousSecrets: string[];
  issuer: string;
  now: () => number;
}

/**
 * HS256 tokens, signed and verified with one synchronous node:crypto HMAC: jose 6 does both through WebCrypto,
 * a thread-pool job per token that cost a login about 0.2 ms of waiting and a REST refresh 6% of its CPU
 * (issue 17's profile). The current secret signs; previous secrets still verify until they are removed from
 * JWT_PREVIOUS_SECRETS.
 */
export class TokenCodec {
  private readonly current: SigningKey;
  private readonly verifying: Map<string, KeyObject>;
  private readonly remembered = new Map<string, VerifiedJws>();

  private readonly issuer: string;
  private readonly now: () => number;

  constructor({ secret, previousSecrets, issuer, now }: TokenCodecOptions) {
    this.current = signingKey(secret);
    this.verifying = new Map([this.current, ...previousSecrets.map(signingKey)].map((k) => [k.kid, k.secret]));
    this.issuer = issuer;
    this.now = now;
  }

  /** HS256: one HMAC over the signing input. */
  async sign(kind: TokenKind, subject: string, claims: JWTPayload, lifetimeMs: number): Promise<IssuedToken> {
    const jti = randomUUID();
    const now = this.now();
    const expiresAtSeconds = Math.floor((now + lifetimeMs) / 1000);
    const header = { alg: 'HS256', typ: kind.typ, kid: this.current.kid };
    const payload = {
      ...claims,
      token_use: kind.use,
      iss: this.issuer,
      aud: kind.audience,
      sub: subject,
      jti,
      iat: Math.floor(now / 1000),
      exp: expiresAtSeconds,
    };
    const signingInput = `${base64url(header)}.${base64url(payload)}`;
    const signature = createHmac('sha256', this.current.secret).update(signingInput).digest('base64url');
    return { token: `${signingInput}.${signature}`, jti, expiresAt: new Date(expiresAtSeconds * 1000) };
  }

  /**
   * Accepts only the given kinds, only HS256, only known key ids; anything else is one 401. With `remember`
   * (bearers, presented again on every request for hours) a token verified once is kept: the same string
   * carries the same claims, so a later presentation re-checks only what depends on time or on the caller's
   * accepted kinds (expiry, token_use, typ, audience).
   */
  async verify<T extends JWTPayload>(
    token: string,
    kinds: readonly TokenKind[],
    failure: () => AppError,
    options: { remember?: boolean } = {},
  ): Promise<T> {
    const remembered = this.remembered.get(token);
    if (remembered) return this.accepted<T>(remembered, kinds, failure);
    let verified: VerifiedJws;
    try {
      verified = this.verifySignature(token);
    } catch {
      throw failure();
    }
    if (options.remember) this.remember(token, verified);
    return this.accepted<T>(verified, kinds, failure);
  }

  /**
   * The claims of a token verified before (with `remember`), re-checked as `verify` re-checks them; undefined
   * when it was not. Synchronous: a bearer presented again costs its request no promise.
   */
  rememberedClaims<T extends JWTPayload>(
    token: string,
    kinds: readonly TokenKind[],
    failure: () => AppError,
  ): T | undefined {
    const remembered = this.remembered.get(token);
    return remembered && this.accepted<T>(remembered, kinds, failure);
  }

  /** What depends on time or on the caller's accepted kinds: expiry, token_use, typ, audience. */
  private accepted<T extends JWTPayload>(
    { header, payload }: VerifiedJws,
    kinds: readonly TokenKind[],
    failure: () => AppError,
  ): T {
    if (typeof payload.exp !== 'number' || payload.exp <= Math.floor(this.now() / 1000)) throw failure();
    const kind = kinds.find((k) => k.use === payload.token_use);
    if (!kind || header.typ !== kind.typ || !audienceIncludes(payload.aud, kind.audience)) throw failure();
    return payload as T;
  }

  /**
   * What holds whatever the kind and the time: a canonical compact JWS, an HS256 header with a known key id and
   * no critical extensions, a valid signature (compared in constant time), a JSON object payload from this
   * issuer with every required claim, a numeric iat, and an nbf, if any, that has passed. What RFC 7515/7519
   * and jose's jwtVerify check for these options, nothing less (lib/src/auth/token-codec.test.ts).
   */
  private verifySignature(token: string): VerifiedJws {
    const parts = compactJws.exec(token);
    if (!parts) throw new Error('not a compact JWS');
    const [, encodedHeader, encodedPayload, encodedSignature] = parts as unknown as [string, string, string, string];
    const signature = Buffer.from(encodedSignature, 'base64url');
    // One spelling per token: base64url's spare bits would let a signature be re-spelled without changing its
    // bytes, and token strings are looked up as they are (refresh token hashes, the remembered tokens).
    if (signature.toString('base64url') !== encodedSignature) throw new Error('not a canonical signature');
    const header = jsonObjectOf(encodedHeader) as JWTHeaderParameters;
    if (header.alg !== 'HS256' || header.crit !== undefined || typeof header.kid !== 'string') {
      throw new Error('not an HS256 header with a key id');
    }
    const key = this.verifying.get(header.kid);
    if (!key) throw new Error('unknown key id');
    const expected = createHmac('sha256', key).update(`${encodedHeader}.${encodedPayload}`).digest();
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) {
      throw new Error('signature mismatch');
    }
    const payload = jsonObjectOf(encodedPayload) as JWTPayload;
    if (payload.iss !== this.issuer) throw new Error('another issuer');
    if (requiredClaims.some((claim) => !(claim in payload))) throw new Error('a required claim is missing');
    if (typeof payload.iat !== 'number') throw new Error('iat is not a number');
    const nowSeconds = Math.floor(this.now() / 1000);
    if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > nowSeconds)) {
      throw new Error('not yet valid');
    }
    return { header, payload };
  }

  private remember(token: string, verified: VerifiedJws): void {
    // Shared between requests from now on, so nobody may change it.
    deepFreeze(verified);
    if (this.remembered.size >= maxRememberedTokens) this.remembered.clear();
    this.remembered.set(token, verified);
  }
}

/** A base64url part of a JWS decoded as JSON; anything but a plain object is refused. */
function jsonObjectOf(encoded: string): Record<string, unknown> {
  const value: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not a JSON object');
  return value as Record<string, unknown>;
}

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function audienceIncludes(aud: unknown, expected: string): boolean {
  return aud === expected || (Array.isArray(aud) && aud.includes(expected));
}

const compactJws = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/;

/** Only tokens with a valid signature are kept (nobody can fill it with forgeries); bounded all the same. */
const maxRememberedTokens = 10_000;

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const nested of Object.values(value)) deepFreeze(nested);
}
