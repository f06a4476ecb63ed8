import type { EntityManager } from '@mikro-orm/postgresql';
import { runStatement, type PreparedStatement } from '@platform/lib/database';
import type { Revocation, RevocationMarker } from '@platform/lib/auth/revocation';

/** Every row of a change ($1: a JSON array), keeping the later expiry when a subject is revoked again. */
const recordStatement: PreparedStatement = {
  name: 'auth.revocation.record',
  text: `insert into "auth"."revocation" ("kind", "subject", "expires_at")
       select "kind", "subject", "expires_at" from json_to_recordset($1::json) as r("kind" text, "subject" text, "expires_at" timestamptz)
       on conflict ("kind", "subject") do update set "expires_at" = greatest("revocation"."expires_at", excluded."expires_at")`,
};

/** Rows whose tokens have all expired are of no use to a reload. */
const pruneStatement: PreparedStatement = {
  name: 'auth.revocation.prune',
  text: `delete from "auth"."revocation" where "expires_at" < now() - interval '1 day'`,
};

const removeStatement: PreparedStatement = {
  name: 'auth.revocation.remove',
  text: 'delete from "auth"."revocation" where "kind" = $1 and "subject" = $2',
};

/**
 * The revocation table's writes, inside the unit of work of the change that revokes. Hand-written: the table has
 * no entity (the revocation reader reads it with statements of its own), and one statement upserts every row of
 * a change (a device's removal revokes the device and each of its sessions).
 */
export class RevocationRepository {
  constructor(private readonly em: EntityManager) {}

  async record(revocations: Revocation[]): Promise<void> {
    if (revocations.length === 0) return;
    const rows = revocations.map(({ kind, subject, expiresAt }) => ({ kind, subject, expires_at: expiresAt }));
    await runStatement(this.em, recordStatement, [JSON.stringify(rows)], { joinTransaction: true });
    await runStatement(this.em, pruneStatement, [], { joinTransaction: true });
  }

  async remove(marker: RevocationMarker): Promise<void> {
    await runStatement(this.em, removeStatement, [marker.kind, marker.subject], { joinTransaction: true });
  }
}
