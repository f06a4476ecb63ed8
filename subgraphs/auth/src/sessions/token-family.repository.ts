import { raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { RefreshToken } from './refresh-token.entity.js';
import { TokenFamily } from './token-family.entity.js';

/** A refresh token as stored: its id and the hash of the token, never the token (decisions: Hardening). */
export interface StoredRefreshToken {
  jti: string;
  tokenHash: string;
  expiresAt: Date;
}

/**
 * The token_family and refresh_token tables: every login, rotation and revocation of a session goes through
 * here (the biometric login's one statement aside: mobile/login.repository.ts).
 */
export class TokenFamilyRepository {
  constructor(private readonly em: EntityManager) {}

  findFamily(id: string): Promise<TokenFamily | null> {
    return this.em.findOne(TokenFamily, { id });
  }

  /** A new family, written with its first refresh token. */
  stageFamily(family: TokenFamily): void {
    this.em.persist(family);
  }

  /** Writes the family's next refresh token, with the family's own staged changes. */
  async storeRefreshToken(family: TokenFamily, token: StoredRefreshToken): Promise<void> {
    this.stageRefreshToken(family, token);
    await this.em.flush();
  }

  /** Written by the commit of the unit of work it is staged in. */
  stageRefreshToken(family: TokenFamily, token: StoredRefreshToken): void {
    this.em.create(RefreshToken, { jti: token.jti, tokenHash: token.tokenHash, family, expiresAt: token.expiresAt });
  }

  /** Written by the commit of the unit of work it is staged in. */
  stageRotation(family: TokenFamily): void {
    family.rotationCount += 1;
  }

  /**
   * Marks the token used if nobody has: of concurrent rotations exactly one consumes it, as the UPDATE takes the
   * row. Hand-written, so that the check and the mark are one statement, inside the rotation's unit of work.
   */
  async consumeRefreshToken(tokenHash: string): Promise<boolean> {
    const consumed = await this.em.execute<{ family_id: string }[]>(
      'update "auth"."refresh_token" set "used_at" = now() where "token_hash" = ? and "used_at" is null returning "family_id"',
      [tokenHash],
    );
    return consumed.length > 0;
  }

  async refreshTokenKnown(tokenHash: string): Promise<boolean> {
    return (await this.em.count(RefreshToken, { tokenHash })) > 0;
  }

  /** Keeps the first revocation's time when revoked again. */
  async revoke(family: TokenFamily, at: Date): Promise<void> {
    family.revokedAt ??= at;
    await this.em.flush();
  }

  /** Revokes every live family bound to the device and returns their ids (their sessions end as well). */
  async revokeAllOfDevice(deviceId: string): Promise<string[]> {
    const revoked: Pick<TokenFamily, 'id'>[] = await this.em
      .createQueryBuilder(TokenFamily)
      .update({ revokedAt: raw('now()') })
      .where({ deviceId, revokedAt: null })
      .returning('id')
      .execute('all', false);
    return revoked.map((family) => family.id);
  }
}
