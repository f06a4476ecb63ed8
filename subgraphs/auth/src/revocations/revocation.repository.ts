import type { EntityManager } from '@mikro-orm/postgresql';
import type { Revocation, RevocationMarker } from '@platform/lib/auth/revocation';

/**
 * The revocation table's writes, inside the unit of work of the change that revokes. Hand-written: one
 * statement upserts every row of a change (a device's removal revokes the device and each of its sessions),
 * keeping the later expiry when a subject is revoked again.
 */
export class RevocationRepository {
  constructor(private readonly em: EntityManager) {}

  async record(revocations: Revocation[]): Promise<void> {
    if (revocations.length === 0) return;
    const rows = revocations.map(({ kind, subject, expiresAt }) => ({ kind, subject, expires_at: expiresAt }));
    await this.em.execute(
      `insert into "auth"."revocation" ("kind", "subject", "expires_at")
       select "kind", "subject", "expires_at" from json_to_recordset(?::json) as r("kind" text, "subject" text, "expires_at" timestamptz)
       on conflict ("kind", "subject") do update set "expires_at" = greatest("revocation"."expires_at", excluded."expires_at")`,
      [JSON.stringify(rows)],
    );
    // Rows whose tokens have all expired are of no use to a reload.
    await this.em.execute(`delete from "auth"."revocation" where "expires_at" < now() - interval '1 day'`);
  }

  async remove(marker: RevocationMarker): Promise<void> {
    await this.em.execute(`delete from "auth"."revocation" where "kind" = ? and "subject" = ?`, [
      marker.kind,
      marker.subject,
    ]);
  }
}
