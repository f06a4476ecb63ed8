import { raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { runStatement, type PreparedStatement } from '@platform/lib/database';
import { RefreshToken } from './refresh-token.entity.js';
import { TokenFamily } from './token-family.entity.js';

/** A refresh token as stored: its id and the hash of the token, never the token (decisions: Hardening). */
export interface StoredRefreshToken {
  jti: string;
  tokenHash: string;
  expiresAt: Date;
}

/** How many live sessions a list shows, newest first. */
const liveSessionsShown = 200;

const revokeOfDeviceStatement: PreparedStatement = {
  name: 'auth.token_family.revoke_of_device',
  text: 'update "auth"."token_family" set "revoked_at" = now() where "device_id" = $1 and "revoked_at" is null returning "id"',
};

/** Both answers in one round trip on the (user_id, client_family) index, on every password or passkey sign-in. */
const earlierSignInsStatement: PreparedStatement = {
  name: 'auth.token_family.earlier_sign_ins',
  text: `select exists (select 1 from "auth"."token_family" where "user_id" = $1 and "id" <> $2) as "any",
    exists (select 1 from "auth"."token_family" where "user_id" = $1 and "id" <> $2 and "client_family" = $3) as "from_client"`,
};

export interface EarlierSignIns {
  any: boolean;
  fromClient: boolean;
}

const revokeOthersStatement: PreparedStatement = {
  name: 'auth.token_family.revoke_others',
  text: `update "auth"."token_family" set "revoked_at" = now()
    where "user_id" = $1 and "id" <> $2 and "revoked_at" is null and "absolute_expires_at" > now() returning "id"`,
};

/**
 * The version of the sessions `liveOf` answers for user $1 at $2 (issue 28, conditional requests), as one row: each
 * session's id, latest use (a renewal sets it with the address) and the name of its device while that is active,
 * in the list's order and window. The rest of a session is fixed when it starts.
 */
const liveVersionStatement: PreparedStatement = {
  name: 'auth.token_family.live_version',
  text: `select json_agg(json_build_array(f."id", to_json(coalesce(f."last_used_at", f."created_at")) #>> '{}',
      d."device_name") order by f."created_at" desc, f."id" desc) as "items"
    from (select "id", "device_id", "created_at", "last_used_at" from "auth"."token_family"
      where "user_id" = $1 and "revoked_at" is null and "absolute_expires_at" > $2
      order by "created_at" desc, "id" desc limit ${liveSessionsShown}) f
    left join "auth"."device" d on d."id" = f."device_id" and d."user_id" = $1 and d."is_active"`,
};

/** A live session's version: its id, latest use (ISO 8601) and its active device's name. */
export type LiveSessionVersion = [string, string, string | null];

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

  /** Written by the commit of the unit of work it is staged in; the renewal is the session's latest use. */
  stageRotation(family: TokenFamily, at: Date, ipAddress: string): void {
    family.rotationCount += 1;
    family.lastUsedAt = at;
    family.ipAddress = ipAddress;
  }

  /**
   * Marks the token used if nobody has: of concurrent rotations exactly one consumes it, as the UPDATE takes the
   * row. The check and the mark are one statement, inside the rotation's unit of work.
   */
  async consumeRefreshToken(tokenHash: string): Promise<boolean> {
    const consumed = await this.em.nativeUpdate(RefreshToken, { tokenHash, usedAt: null }, { usedAt: raw('now()') });
    return consumed > 0;
  }

  /** Whether the user signed in before this session at all, and from this client; ended sessions count too. */
  async earlierSignIns(userId: number, clientFamily: string, exceptFamilyId: string): Promise<EarlierSignIns> {
    const [row] = await runStatement<{ any: boolean; from_client: boolean }>(this.em, earlierSignInsStatement, [
      userId,
      exceptFamilyId,
      clientFamily,
    ]);
    return { any: row?.any === true, fromClient: row?.from_client === true };
  }

  /** Sessions still alive (not revoked, not past their absolute expiry), newest first. */
  liveOf(userId: number, now: Date): Promise<TokenFamily[]> {
    return this.em.find(
      TokenFamily,
      { userId, revokedAt: null, absoluteExpiresAt: { $gt: now } },
      // The id orders sessions begun in the same millisecond as the version statement orders them.
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: liveSessionsShown },
    );
  }

  /** What `liveOf` and the devices' names make of the list, in one statement (`liveVersionStatement`). */
  async liveVersionOf(userId: number, now: Date): Promise<LiveSessionVersion[]> {
    const [row] = await runStatement<{ items: LiveSessionVersion[] | null }>(this.em, liveVersionStatement, [
      userId,
      now,
    ]);
    return row?.items ?? [];
  }

  async refreshTokenKnown(tokenHash: string): Promise<boolean> {
    return (await this.em.count(RefreshToken, { tokenHash })) > 0;
  }

  /** Keeps the first revocation's time when revoked again. */
  async revoke(family: TokenFamily, at: Date): Promise<void> {
    family.revokedAt ??= at;
    await this.em.flush();
  }

  /**
   * Revokes every live family bound to the device and returns their ids (their sessions end as well).
   * Hand-written: the entity manager's update does not return the rows it changed.
   */
  /**
   * Revokes every live session of the user but one and returns their ids. Hand-written for the same reason as
   * revokeAllOfDevice.
   */
  async revokeAllOfUserExcept(userId: number, keptFamilyId: string): Promise<string[]> {
    const revoked = await runStatement<Pick<TokenFamily, 'id'>>(
      this.em,
      revokeOthersStatement,
      [userId, keptFamilyId],
      { joinTransaction: true },
    );
    return revoked.map((family) => family.id);
  }

  async revokeAllOfDevice(deviceId: string): Promise<string[]> {
    const revoked = await runStatement<Pick<TokenFamily, 'id'>>(this.em, revokeOfDeviceStatement, [deviceId], {
      joinTransaction: true,
    });
    return revoked.map((family) => family.id);
  }
}
