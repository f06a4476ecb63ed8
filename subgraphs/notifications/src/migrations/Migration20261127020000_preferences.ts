import { Migration } from '@mikro-orm/migrations';

/** Preferences per channel and trigger event, and the channels a job skipped for them (issue 30, item 3). */
export class Migration20261127020000_preferences extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "notifications"."notification_preference" (
        "user_id" int not null, "channel" varchar(16) not null, "trigger_event" varchar(255) not null,
        "enabled" boolean not null, "updated_at" timestamptz not null,
        primary key ("user_id", "channel", "trigger_event"));
      alter table "notifications"."notification_delivery" add column "skipped" text[] not null default '{}';
    `);
  }
}
