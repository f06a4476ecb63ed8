import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { revocationKeys, type Revocations } from '../../../../lib/src/auth/revocation.js';
import type { IssuedToken, TokenCodec } from '../../../../lib/src/auth/token-codec.js';
import { tokenKinds, tokenLifetimes, type TokenKind } from '../../../../lib/src/auth/token-kinds.js';
import { RefreshTokenReuseError, UnauthenticatedError } from '../../../../lib/src/errors.js';
import { RefreshToken } from './refresh-token.entity.js';
import { TokenFamily, type TokenFamilyKind } from './token-family.entity.js';

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

const refreshKindOf: Record<TokenFamilyKind, TokenKind> = {
  standard: tokenKinds.refresh,
  biometric: tokenKinds.biometricRefresh,
};

export interface RefreshClaims {
  sub: string;
  jti: string;
  token_family: string;
  rotation_count: number;
  device_id?: string;
}

/**
 * Token families: one per login. Rotation consumes the presented refresh token with one atomic UPDATE;
 * presenting a consumed one again revokes the whole family (decisions: Refresh rotation).
 */
export class TokenFamilyService {
  constructor(
    private readonly em: EntityManager,
    private readonly codec: TokenCodec,
    private readonly revocations: Revocations,
    private readonly now: () => number,
  ) {}

  /** A new family in the unit of work, written by the caller's flush. */
  open(userId: number, kind: TokenFamilyKind, rememberMe: boolean, deviceId: string | null = null): TokenFamily {
    const family = this.draft(userId, kind, rememberMe, deviceId);
    this.em.persist(family);
    return family;
  }

  /** A new family that is not in the unit of work: its caller writes it with a statement of its own. */
  draft(userId: number, kind: TokenFamilyKind, rememberMe: boolean, deviceId: string | null = null): TokenFamily {
    const lifetime = rememberMe ? tokenLifetimes.rememberedRefreshMs : tokenLifetimes.refreshMs;
    const createdAt = new Date(this.now());
    return Object.assign(new TokenFamily(), {
      userId,
      kind,
      rememberMe,
      deviceId,
      createdAt,
      absoluteExpiresAt: new Date(createdAt.getTime() + lifetime),
    });
  }

  /** Issues the family's next refresh token and adds its row to the unit of work. */
  async issueRefresh(family: TokenFamily, extraClaims: Record<string, unknown> = {}): Promise<IssuedToken> {
    const issued = await this.signRefresh(family, extraClaims);
    this.stageRefresh(family, issued);
    return issued;
  }

  stageRefresh(family: TokenFamily, issued: IssuedToken): void {
    this.em.create(RefreshToken, {
      jti: issued.jti,
      tokenHash: tokenHash(issued.token),
      family,
      expiresAt: issued.expiresAt,
    });
  }

  /** Signs the family's next refresh token; never valid past the family's absolute expiry. */
  signRefresh(family: TokenFamily, extraClaims: Record<string, unknown> = {}): Promise<IssuedToken> {
    const lifetime = Math.min(
      family.rememberMe ? tokenLifetimes.rememberedRefreshMs : tokenLifetimes.refreshMs,
      family.absoluteExpiresAt.getTime() - this.now(),
    );
    return this.codec.sign(
      refreshKindOf[family.kind],
      String(family.userId),
      { token_family: family.id, rotation_count: family.rotationCount, ...extraClaims },
      lifetime,
    );
  }

  verifyRefresh(token: string, kind: TokenFamilyKind): Promise<RefreshClaims> {
    return this.codec.verify(token, [refreshKindOf[kind]], 'Invalid refresh token') as Promise<never>;
  }

  /**
   * Consumes a refresh token and returns its live family. The consume is one autocommitted UPDATE, so of
   * N concurrent refreshes exactly one wins; a token already consumed revokes its family (reuse).
   */
  async rotate(token: string, claims: RefreshClaims): Promise<TokenFamily> {
    const hash = tokenHash(token);
    const consumed = await this.em.execute<{ family_id: string }[]>(
      'update "auth"."refresh_token" set "used_at" = now() where "token_hash" = ? and "used_at" is null returning "family_id"',
      [hash],
    );
    const family = await this.em.findOne(TokenFamily, { id: claims.token_family });
    if (!family) throw new UnauthenticatedError('Invalid refresh token');
    if (consumed.length === 0) {
      if (!(await this.em.count(RefreshToken, { tokenHash: hash })))
        throw new UnauthenticatedError('Invalid refresh token');
      await this.revoke(family);
      throw new RefreshTokenReuseError();
    }
    if (family.revokedAt || family.absoluteExpiresAt.getTime() <= this.now()) {
      throw new UnauthenticatedError('Invalid refresh token');
    }
    family.rotationCount += 1;
    return family;
  }

  async revoke(family: TokenFamily): Promise<void> {
    family.revokedAt ??= new Date(this.now());
    await this.em.flush();
    await this.revocations.revoke(revocationKeys.session(family.id));
  }

  findFamily(id: string): Promise<TokenFamily | null> {
    return this.em.findOne(TokenFamily, { id });
  }
}
