import { createHash, createHmac, createSecretKey, randomUUID, webcrypto, type KeyObject } from 'node:crypto';
import { jwtVerify, type JWTHeaderParameters, type JWTPayload } from 'jose';
import type { AppError } from '../errors.js';
import type { TokenKind } from './token-kinds.js';

interface SigningKey {
  kid: string;
  /** For signing, with node:crypto. */
  secret: KeyObject;
  /** For jose's verification: jose 6 works on WebCrypto and would re-import a KeyObject on every call. */
  key: Promise<webcrypto.CryptoKey>;
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
  const bytes = Buffer.from(secret, 'utf8');
  const hmac = { name: 'HMAC', hash: 'SHA-256' };
  return {
    kid: keyIdOf(secret),
    secret: createSecretKey(bytes),
    key: webcrypto.subtle.importKey('raw', bytes, hmac, false, ['verify']),
  };
}

export interface IssuedToken {
  token: string;
  jti: string;
  expiresAt: Date;
}

/**
 * HS256 tokens: signed with one synchronous node:crypto HMAC (a WebCrypto job per token cost more than the
 * signature), verified with jose. The current secret signs; previous secrets still verify until they are
 * removed from JWT_PREVIOUS_SECRETS. Keys are imported once (raw secrets per call halve throughput).
 */
export class TokenCodec {
  private readonly current: SigningKey;
  private readonly verifying: Map<string, Promise<webcrypto.CryptoKey>>;
  private readonly remembered = new Map<string, VerifiedJws>();

  constructor(
    secret: string,
    previousSecrets: string[],
    private readonly issuer: string,
    private readonly now: () => number = Date.now,
  ) {
    this.current = signingKey(secret);
    this.verifying = new Map([this.current, ...previousSecrets.map(signingKey)].map((k) => [k.kid, k.key]));
  }

  /**
   * HS256 is one HMAC over the signing input, made here synchronously with node:crypto: jose 6 signs through
   * WebCrypto, a thread-pool job per token that costs a login about 0.2 ms of waiting. jose still verifies.
   */
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
   * (bearers, presented again on every request for hours) a token jose verified is kept: the same string
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
      verified = await this.verifyWithJose(token, options.remember);
    } catch {
      throw failure();
    }
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

  private async verifyWithJose(token: string, remember = false): Promise<VerifiedJws> {
    if (!isCanonicalCompactJws(token)) throw new Error('not a canonical compact JWS');
    const { payload, protectedHeader } = await jwtVerify(
      token,
      (header) => {
        const key = header.kid ? this.verifying.get(header.kid) : undefined;
        if (!key) throw new Error('unknown key id');
        return key;
      },
      {
        algorithms: ['HS256'],
        issuer: this.issuer,
        requiredClaims: ['jti', 'iat', 'exp', 'sub', 'token_use', 'aud'],
        currentDate: new Date(this.now()),
      },
    );
    const verified = { header: protectedHeader, payload };
    if (remember) {
      // Shared between requests from now on, so nobody may change it.
      deepFreeze(verified);
      if (this.remembered.size >= maxRememberedTokens) this.remembered.clear();
      this.remembered.set(token, verified);
    }
    return verified;
  }
}

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function audienceIncludes(aud: unknown, expected: string): boolean {
  return aud === expected || (Array.isArray(aud) && aud.includes(expected));
}

const compactJws = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.([A-Za-z0-9_-]+)$/;

/**
 * One spelling per token: base64url's spare bits would let a signature be re-spelled without changing its
 * bytes, and token strings are looked up as they are (refresh token hashes, the remembered tokens).
 */
function isCanonicalCompactJws(token: string): boolean {
  const signature = compactJws.exec(token)?.[1];
  return signature !== undefined && Buffer.from(signature, 'base64url').toString('base64url') === signature;
}

/** Only tokens with a valid signature are kept (nobody can fill it with forgeries); bounded all the same. */
const maxRememberedTokens = 10_000;

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const nested of Object.values(value)) deepFreeze(nested);
}
