import { Migration } from '@mikro-orm/migrations';

/**
 * Passkeys (auth spec, Passkey (WebAuthn)). A credential id is unique across all users; 1400 characters hold the
 * base64url of the longest id WebAuthn allows (1023 bytes).
 */
export class Migration20261225000000_passkeys extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "auth"."passkey" (
        "id" uuid primary key,
        "user_id" integer not null references "auth"."user_account" ("id") on delete cascade,
        "credential_id" varchar(1400) not null unique,
        "user_handle" varchar(128) not null,
        "public_key_encrypted" text not null,
        "algorithm" integer not null check ("algorithm" in (-7, -257)),
        "counter" bigint not null check ("counter" >= 0),
        "backup_eligible" boolean not null,
        "backed_up" boolean not null,
        "user_verified" boolean not null,
        "name" varchar(100) not null,
        "last_used_at" timestamptz null,
        "created_at" timestamptz not null,
        "updated_at" timestamptz not null
      );
      create index "passkey_user_id_index" on "auth"."passkey" ("user_id");
    `);
  }
}
