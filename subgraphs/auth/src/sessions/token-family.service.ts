import { createHash } from 'node:crypto';
import { revocationMarkers } from '@platform/lib/auth/revocation';
import type { IssuedToken, TokenCodec } from '@platform/lib/auth/token-codec';
import { tokenKinds, tokenLifetimes, type TokenKind } from '@platform/lib/auth/token-kinds';
import type { RequestInfo } from '@platform/lib/graphql/context';
import { clientFamily } from '@platform/lib/user-agent';
import { InvalidRefreshTokenError, RefreshTokenReuseError } from './session.errors.js';
import { TokenFamily, type SignInMethod, type TokenFamilyKind } from './token-family.entity.js';
import type { StoredRefreshToken, TokenFamilyRepository } from './token-family.repository.js';
import type { UnitOfWork } from '@platform/lib/unit-of-work';
import type { RevocationService } from '../revocations/revocation.service.js';
import type { RefreshRetries } from './refresh-retries.js';

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
  /** The device key a biometric refresh token is bound to (issue 27). */
  cnf?: { jkt: string };
}

export interface TokenFamilyServiceDependencies {
  tokenFamilies: TokenFamilyRepository;
  unitOfWork: UnitOfWork;
  codec: TokenCodec;
  revocations: RevocationService;
  /** Retries of a rotation within REFRESH_REUSE_GRACE_SECONDS (issue 27, item 4). */
  retries: RefreshRetries;
  /** The address and client a session is signed in from and renewed by (issue 27, item 3). */
  request: Pick<RequestInfo, 'ip' | 'userAgent'>;
  now: () => number;
}

/**
 * Token families: one per login. Rotation consumes the presented refresh token with one atomic UPDATE;
 * presenting a consumed one again revokes the whole family (decisions: Refresh rotation).
 */
export class TokenFamilyService {
  constructor(private readonly deps: TokenFamilyServiceDependencies) {}

  /** A new family, written with its first refresh token (issueRefresh). */
  open(userId: number, method: Exclude<SignInMethod, 'biometric'>, rememberMe: boolean): TokenFamily {
    const family = Object.assign(this.draft(userId, 'standard', rememberMe), { method });
    this.deps.tokenFamilies.stageFamily(family);
    return family;
  }

  /** A new family that is not in the unit of work: its caller writes it with a statement of its own. */
  draft(userId: number, kind: TokenFamilyKind, rememberMe: boolean, deviceId: string | null = null): TokenFamily {
    const lifetime = rememberMe ? tokenLifetimes.rememberedRefreshMs : tokenLifetimes.refreshMs;
    const createdAt = new Date(this.deps.now());
    const { ip, userAgent } = this.deps.request;
    return Object.assign(new TokenFamily(), {
      userId,
      kind,
      method: kind === 'biometric' ? 'biometric' : 'password',
      rememberMe,
      deviceId,
      createdAt,
      absoluteExpiresAt: new Date(createdAt.getTime() + lifetime),
      ipAddress: ip,
      userAgent: userAgent?.slice(0, 512) ?? null,
      clientFamily: clientFamily(userAgent),
    });
  }

  /** Issues the family's next refresh token and writes it, with the family's own changes. */
  async issueRefresh(family: TokenFamily): Promise<IssuedToken> {
    const issued = await this.signRefresh(family);
    await this.deps.tokenFamilies.storeRefreshToken(family, storedOf(issued));
    return issued;
  }

  /** Stages the issued token's row for the commit of the unit of work it is issued in. */
  stageRefresh(family: TokenFamily, issued: IssuedToken): void {
    this.deps.tokenFamilies.stageRefreshToken(family, storedOf(issued));
  }

  /** Signs the family's next refresh token; never valid past the family's absolute expiry. */
  signRefresh(family: TokenFamily, extraClaims: Record<string, unknown> = {}): Promise<IssuedToken> {
    const lifetime = Math.min(
      family.rememberMe ? tokenLifetimes.rememberedRefreshMs : tokenLifetimes.refreshMs,
      family.absoluteExpiresAt.getTime() - this.deps.now(),
    );
    return this.deps.codec.sign(
      refreshKindOf[family.kind],
      String(family.userId),
      { token_family: family.id, rotation_count: family.rotationCount, ...extraClaims },
      lifetime,
    );
  }

  verifyRefresh(token: string, kind: TokenFamilyKind): Promise<RefreshClaims> {
    return this.deps.codec.verify(token, [refreshKindOf[kind]], () => new InvalidRefreshTokenError()) as Promise<never>;
  }

  /**
   * Rotation: consumes the presented refresh token and lets `issue` store or stage its successor, in one
   * unit of work: a failure anywhere in between leaves the presented token usable instead of burnt, so a
   * client's retry is not mistaken for reuse. Of N concurrent rotations exactly one consumes (the UPDATE
   * takes the row). A token already consumed revokes its family, in a commit of its own (reuse), unless it is a
   * retry by the same binding within REFRESH_REUSE_GRACE_SECONDS, which gets the same successor pair.
   */
  async rotate<T extends object>(
    token: string,
    claims: RefreshClaims,
    issue: (family: TokenFamily) => Promise<T>,
  ): Promise<T> {
    const hash = tokenHash(token);
    const issued = await this.deps.unitOfWork.attempt(async () => {
      if (!(await this.deps.tokenFamilies.consumeRefreshToken(hash))) return undefined;
      const family = await this.liveFamily(claims.token_family);
      this.deps.tokenFamilies.stageRotation(family, new Date(this.deps.now()), this.deps.request.ip);
      const result = await issue(family);
      // Kept before the commit: a concurrent presentation waits on the consumed row until then, and finds it.
      await this.deps.retries.keep(hash, result);
      return result;
    });
    if (issued) return issued;
    return (await this.deps.retries.recall<T>(hash)) ?? this.refuseReuse(hash, claims.token_family);
  }

  private async liveFamily(id: string): Promise<TokenFamily> {
    const family = await this.deps.tokenFamilies.findFamily(id);
    if (!family || family.revokedAt || family.absoluteExpiresAt.getTime() <= this.deps.now()) {
      throw new InvalidRefreshTokenError();
    }
    return family;
  }

  /** A known token presented again revokes its family; an unknown one is simply invalid. */
  private async refuseReuse(hash: string, familyId: string): Promise<never> {
    const family = await this.deps.tokenFamilies.findFamily(familyId);
    if (!family || !(await this.deps.tokenFamilies.refreshTokenKnown(hash))) {
      throw new InvalidRefreshTokenError();
    }
    await this.revoke(family);
    throw new RefreshTokenReuseError();
  }

  async revoke(family: TokenFamily): Promise<void> {
    await this.deps.revocations.run(async (revoke) => {
      await this.deps.tokenFamilies.revoke(family, new Date(this.deps.now()));
      revoke(revocationMarkers.session(family.id));
    });
  }

  findFamily(id: string): Promise<TokenFamily | null> {
    return this.deps.tokenFamilies.findFamily(id);
  }

  /** True when the user has signed in before, but never from this family's browser and OS. */
  async newClient(family: TokenFamily): Promise<boolean> {
    if (family.clientFamily === null) return false;
    const before = await this.deps.tokenFamilies.earlierSignIns(family.userId, family.clientFamily, family.id);
    return before.any && !before.fromClient;
  }
}

function storedOf(issued: IssuedToken): StoredRefreshToken {
  return { jti: issued.jti, tokenHash: tokenHash(issued.token), expiresAt: issued.expiresAt };
}
