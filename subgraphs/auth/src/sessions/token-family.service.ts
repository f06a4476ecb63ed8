import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { revocationKeys, type Revocations } from '@platform/lib/auth/revocation';
import type { IssuedToken, TokenCodec } from '@platform/lib/auth/token-codec';
import { tokenKinds, tokenLifetimes, type TokenKind } from '@platform/lib/auth/token-kinds';
import { RefreshTokenReuseError, UnauthenticatedError } from '@platform/lib/errors';
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
  open(userId: number, kind: TokenFamilyKind, rememberMe: boolean): TokenFamily {
    const family = this.draft(userId, kind, rememberMe);
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
  async issueRefresh(family: TokenFamily): Promise<IssuedToken> {
    const issued = await this.signRefresh(family);
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
   * Rotation: consumes the presented refresh token and lets `issue` store its successor (its flush), in one
   * transaction: a failure anywhere in between leaves the presented token usable instead of burnt, so a
   * client's retry is not mistaken for reuse. Of N concurrent rotations exactly one consumes (the UPDATE
   * takes the row). A token already consumed revokes its family, in a commit of its own (reuse).
   */
  async rotate<T>(token: string, claims: RefreshClaims, issue: (family: TokenFamily) => Promise<T>): Promise<T> {
    const hash = tokenHash(token);
    await this.em.begin();
    try {
      const consumed = await this.em.execute<{ family_id: string }[]>(
        'update "auth"."refresh_token" set "used_at" = now() where "token_hash" = ? and "used_at" is null returning "family_id"',
        [hash],
      );
      if (consumed.length > 0) {
        const family = await this.liveFamily(claims.token_family);
        family.rotationCount += 1;
        const issued = await issue(family);
        await this.em.commit();
        return issued;
      }
      await this.em.rollback();
    } catch (error) {
      // The operation's own error is the one to report; a rollback on a lost connection fails as well.
      await this.em.rollback().catch(() => undefined);
      throw error;
    }
    return this.refuseReuse(hash, claims.token_family);
  }

  private async liveFamily(id: string): Promise<TokenFamily> {
    const family = await this.em.findOne(TokenFamily, { id });
    if (!family || family.revokedAt || family.absoluteExpiresAt.getTime() <= this.now()) {
      throw new UnauthenticatedError('Invalid refresh token');
    }
    return family;
  }

  /** A known token presented again revokes its family; an unknown one is simply invalid. */
  private async refuseReuse(hash: string, familyId: string): Promise<never> {
    const family = await this.em.findOne(TokenFamily, { id: familyId });
    if (!family || !(await this.em.count(RefreshToken, { tokenHash: hash }))) {
      throw new UnauthenticatedError('Invalid refresh token');
    }
    await this.revoke(family);
    throw new RefreshTokenReuseError();
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
