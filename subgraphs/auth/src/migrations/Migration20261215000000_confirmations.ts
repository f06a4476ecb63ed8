import { Migration } from '@mikro-orm/migrations';

/**
 * Action confirmations (auth spec, Confirmation). `status` holds only decided states and `pending`; a pending row
 * past `expires_at` reads `expired` before the sweep records it, so the sweep's index covers (status, expires_at).
 */
export class Migration20261215000000_confirmations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "auth"."confirmation" (
        "id" varchar(64) primary key,
        "user_id" integer not null references "auth"."user_account" ("id") on delete cascade,
        "action_type" varchar(100) not null,
        "action_payload" jsonb not null,
        "status" text not null check ("status" in ('pending', 'approved', 'rejected', 'expired')),
        "challenge" varchar(128) not null,
        "token_encrypted" text not null,
        "device_id" uuid null,
        "reason" varchar(500) null,
        "created_at" timestamptz not null,
        "expires_at" timestamptz not null,
        "updated_at" timestamptz not null
      );
      create index "confirmation_user_id_index" on "auth"."confirmation" ("user_id");
      create index "confirmation_pending_expiry_index" on "auth"."confirmation" ("expires_at") where "status" = 'pending';
    `);
  }
}
