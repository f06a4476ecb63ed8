import { Migration } from '@mikro-orm/migrations';

/**
 * The durable record of revocations (decisions: Durable revocation): Redis holds markers for the hot check, this
 * table is what they are reloaded from after Redis lost its data. One row per revoked subject; expires_at is when
 * every token it covers has expired, so a reload reads only the rows that still matter.
 */
export class Migration20261210000000_revocations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "auth"."revocation" (
        "kind" text not null check ("kind" in ('session', 'user', 'device', 'token')),
        "subject" text not null,
        "revoked_at" timestamptz not null default now(),
        "expires_at" timestamptz not null,
        primary key ("kind", "subject")
      );
      create index "revocation_expires_at_index" on "auth"."revocation" ("expires_at");
    `);
  }
}
