import { Migration } from '@mikro-orm/migrations';

/** One row per push message sent for a confirmation, per device, with its delivery status (auth spec, Events). */
export class Migration20261215010000_confirmation_pushes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "auth"."confirmation_push" (
        "id" uuid primary key,
        "confirmation_id" varchar(64) not null references "auth"."confirmation" ("id") on delete cascade,
        "device_id" uuid not null,
        "status" text not null check ("status" in ('pending', 'sent', 'delivered', 'failed')),
        "attempts" integer not null default 0,
        "error_code" varchar(100) null,
        "created_at" timestamptz not null,
        "updated_at" timestamptz not null
      );
      create index "confirmation_push_confirmation_id_index" on "auth"."confirmation_push" ("confirmation_id");
    `);
  }
}
