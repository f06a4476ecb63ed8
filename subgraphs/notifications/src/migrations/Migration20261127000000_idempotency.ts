import { Migration } from '@mikro-orm/migrations';

/** Idempotency keys of the internal create operations (issue 30, item 7): one row per producer and key. */
export class Migration20261127000000_idempotency extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "notifications"."idempotency_key" (
        "caller" varchar(255) not null, "key" varchar(255) not null, "fingerprint" char(64) not null,
        "state" varchar(16) not null, "answer" jsonb null, "created_at" timestamptz not null,
        "lease_until" timestamptz not null, primary key ("caller", "key"));
      create index "idempotency_key_created_at_index" on "notifications"."idempotency_key" ("created_at");
    `);
  }
}
