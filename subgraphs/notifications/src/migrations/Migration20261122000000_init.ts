import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000000_init extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "notifications"."notification" (
        "id" uuid primary key, "user_id" int not null, "message" text not null, "title" varchar(255) null,
        "target_link" varchar(2048) null, "target_text" varchar(255) null, "unread" boolean not null default true,
        "read_at" timestamptz null, "created_at" timestamptz not null);
      create index "notification_user_id_created_at_index" on "notifications"."notification" ("user_id", "created_at");
    `);
  }
}
