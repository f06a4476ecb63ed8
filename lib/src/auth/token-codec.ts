import { createHash, createSecretKey, randomUUID, webcrypto, type KeyObject } from 'node:crypto';
import { SignJWT, type JWTPayload } from 'jose';
import { UnauthenticatedError } from '../errors.js';
import { checkHs256Claims, verifyHs256Signature, type VerifiedJws } from './hs256-verify.js';
import type { TokenKind } from './token-kinds.js';

interface SigningKey {
  kid: string;
  /** Verifies, through node:crypto (hs256-verify.ts). */
  key: KeyObject;
  /** Signs, through jose. jose 6 works on WebCrypto and re-imports a KeyObject on every call. */
  cryptoKey: Promise<webcrypto.CryptoKey>;
}

/** A key id derived from the secret itself, so a rotated-out key is found without extra configuration. */
function keyIdOf(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url').slice(0, 12);
}

function signingKey(secret: string): SigningKey {
  const bytes = Buffer.from(secret, 'utf8');
  const hmac = { name: 'HMAC', hash: 'SHA-256' };
  return {
    kid: keyIdOf(secret),
    key: createSecretKey(bytes),
    cryptoKey: webcrypto.subtle.importKey('raw', bytes, hmac, false, ['sign']),
  };
}

export interface IssuedToken {
  token: string;
  jti: string;
  expiresAt: Date;
}

/**
 * HS256 tokens made and checked with jose. The current secret signs; previous secrets still verify until
 * they are removed from JWT_PREVIOUS_SECRETS. Keys are imported once (raw secrets per call halve throughput).
 */
export class TokenCodec {
  private readonly current: SigningKey;
  private readonly verifying: Map<string, KeyObject>;
  private readonly remembered = new Map<string, VerifiedJws<JWTPayload>>();

  constructor(
    secret: string,
    previousSecrets: string[],
    private readonly issuer: string,
    private readonly now: () => number = Date.now,
  ) {
    this.current = signingKey(secret);
    this.verifying = new Map([this.current, ...previousSecrets.map(signingKey)].map((k) => [k.kid, k.key]));
  }

  async sign(kind: TokenKind, subject: string, claims: JWTPayload, lifetimeMs: number): Promise<IssuedToken> {
    const jti = randomUUID();
    const issuedAt = Math.floor(this.now() / 1000);
    const expiresAtSeconds = Math.floor((this.now() + lifetimeMs) / 1000);
    const token = await new SignJWT({ ...claims, token_use: kind.use })
      .setProtectedHeader({ alg: 'HS256', typ: kind.typ, kid: this.current.kid })
      .setIssuer(this.issuer)
      .setAudience(kind.audience)
      .setSubject(subject)
      .setJti(jti)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAtSeconds)
      .sign(await this.current.cryptoKey);
    return { token, jti, expiresAt: new Date(expiresAtSeconds * 1000) };
  }

  /**
   * Accepts only the given kinds, only HS256, only known key ids; anything else is one 401. With `remember`
   * (bearers, presented again on every request for hours) a token whose signature verified is kept, so the
   * next presentation skips the HMAC and decoding; claims, expiry and kind are still checked on every call.
   */
  async verify<T extends JWTPayload>(
    token: string,
    kinds: readonly TokenKind[],
    failure: string,
    options: { remember?: boolean } = {},
  ): Promise<T> {
    try {
      const { header, payload } = this.verifiedSignature(token, options.remember === true);
      checkHs256Claims(payload, {
        issuer: this.issuer,
        audiences: kinds.map((kind) => kind.audience),
        requiredClaims: ['jti', 'iat', 'exp', 'sub', 'token_use'],
        nowSeconds: Math.floor(this.now() / 1000),
      });
      const kind = kinds.find((k) => k.use === payload.token_use);
      if (!kind || header.typ !== kind.typ) throw new Error('wrong token kind');
      return payload as T;
    } catch {
      throw new UnauthenticatedError(failure);
    }
  }

  private verifiedSignature(token: string, remember: boolean): VerifiedJws<JWTPayload> {
    const known = this.remembered.get(token);
    if (known) return known;
    const verified = verifyHs256Signature(token, (kid) => this.verifying.get(kid));
    if (remember) {
      // Shared between requests from now on, so nobody may change it.
      deepFreeze(verified);
      if (this.remembered.size >= maxRememberedTokens) this.remembered.clear();
      this.remembered.set(token, verified);
    }
    return verified;
  }
}

/** Only tokens with a valid signature are kept (nobody can fill it with forgeries); bounded all the same. */
const maxRememberedTokens = 10_000;

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const nested of Object.values(value)) deepFreeze(nested);
}
