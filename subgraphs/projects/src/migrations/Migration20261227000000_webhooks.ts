import { Migration } from '@mikro-orm/migrations';

/**
 * Outbound webhooks (issue 28, item 1): the endpoints an admin registered and the delivery log, one row per event
 * and endpoint (unique, so a fan-out job that runs twice logs each delivery once). The secrets are stored encrypted
 * (the platform's field cipher); the previous secret still signs until `previous_secret_until` (a rotation's grace).
 */
export class Migration20261227000000_webhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "projects"."webhook_endpoint" (
        "id" uuid primary key,
        "url" text not null,
        "events" text[] not null,
        "project_id" uuid null references "projects"."project" ("id") on delete cascade,
        "secret_encrypted" text not null,
        "previous_secret_encrypted" text null,
        "previous_secret_until" timestamptz null,
        "status" varchar(16) not null default 'active',
        "created_by_user_id" integer not null,
        "created_at" timestamptz not null,
        "updated_at" timestamptz not null);
    `);
    this.addSql(`
      create table "projects"."webhook_delivery" (
        "id" uuid primary key,
        "endpoint_id" uuid not null references "projects"."webhook_endpoint" ("id") on delete cascade,
        "event_id" uuid not null,
        "event_type" varchar(32) not null,
        "body" text not null,
        "status" varchar(16) not null,
        "attempts" integer not null default 0,
        "response_code" integer null,
        "duration_ms" integer null,
        "error" text null,
        "created_at" timestamptz not null,
        "updated_at" timestamptz not null,
        unique ("endpoint_id", "event_id"));
    `);
    this.addSql(
      `create index "webhook_delivery_endpoint_idx" on "projects"."webhook_delivery" ("endpoint_id", "created_at" desc, "id" desc);`,
    );
  }
}
