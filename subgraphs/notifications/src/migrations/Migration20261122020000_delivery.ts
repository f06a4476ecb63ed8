import { Migration } from '@mikro-orm/migrations';

/** Push devices, durable jobs with per-recipient delivery state, and inbox rows tied to their job. */
export class Migration20261122020000_delivery extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table "notifications"."notification"
        add column "job_id" uuid null, add column "recipient_index" int null,
        add column "target_id" varchar(255) null, add column "target_type" varchar(255) null,
        add column "trigger_event" varchar(255) null, add column "notifier_id" int null;
      create unique index "notification_job_recipient_unique" on "notifications"."notification" ("job_id", "recipient_index");
      create index "notification_user_id_unread_index" on "notifications"."notification" ("user_id") where "unread";

      create table "notifications"."device" (
        "id" uuid primary key, "user_id" int not null, "device_id" varchar(255) not null,
        "device_name" varchar(255) null, "device_type" varchar(255) null, "fcm_token" text null,
        "provider_player_id" varchar(255) null, "token_invalid" boolean not null default false,
        "invalid_since" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null,
        constraint "device_user_id_device_id_unique" unique ("user_id", "device_id"));

      create table "notifications"."notification_job" (
        "id" uuid primary key, "status" varchar(16) not null, "request" jsonb not null,
        "requested_by" varchar(255) not null, "schedule_at" timestamptz null, "attempts" int not null default 0,
        "last_error" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null,
        "completed_at" timestamptz null);

      create table "notifications"."notification_delivery" (
        "job_id" uuid not null references "notifications"."notification_job" ("id") on delete cascade,
        "recipient_index" int not null, "user_id" int not null, "email" varchar(255) null,
        "channels" text[] not null, "context" jsonb not null default '{}',
        "in_app_at" timestamptz null, "email_at" timestamptz null, "push_at" timestamptz null,
        "last_error" text null, primary key ("job_id", "recipient_index"));
    `);
  }
}
