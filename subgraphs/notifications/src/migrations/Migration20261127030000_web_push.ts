import { Migration } from '@mikro-orm/migrations';

/** Web Push subscriptions of browsers, and the channel's stamp on every delivery (issue 30, item 5). */
export class Migration20261127030000_web_push extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "notifications"."web_push_subscription" (
        "id" uuid primary key, "user_id" int not null, "endpoint" varchar(2048) not null unique,
        "p256dh" varchar(128) not null, "auth" varchar(64) not null,
        "created_at" timestamptz not null, "updated_at" timestamptz not null);
      create index "web_push_subscription_user_id_index" on "notifications"."web_push_subscription" ("user_id");
      alter table "notifications"."notification_delivery" add column "web_push_at" timestamptz null;
    `);
  }
}
