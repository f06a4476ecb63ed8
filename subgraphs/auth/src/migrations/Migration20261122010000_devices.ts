import { Migration } from '@mikro-orm/migrations';

/** Registered devices (auth spec, Device). public_key and fcm_token hold AES-256-GCM ciphertext. */
export class Migration20261122010000_devices extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "auth"."device" (
        "id" uuid primary key, "user_id" int not null references "auth"."user_account" ("id"),
        "device_name" varchar(255) not null, "device_type" varchar(16) not null,
        "device_fingerprint" varchar(255) not null, "public_key_encrypted" text not null,
        "key_algorithm" varchar(8) not null, "key_id" varchar(64) not null, "fcm_token_encrypted" text null,
        "is_active" boolean not null default true, "last_used_at" timestamptz null,
        "created_at" timestamptz not null, "updated_at" timestamptz not null);
      create unique index "device_user_id_device_fingerprint_unique"
        on "auth"."device" ("user_id", "device_fingerprint");
      create index "device_device_fingerprint_index" on "auth"."device" ("device_fingerprint");
    `);
  }
}
