import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000000_init extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "auth"."department" (
        "id" uuid primary key, "code" varchar(255) not null unique, "name" varchar(255) not null,
        "created_at" timestamptz not null);
      create table "auth"."employee" (
        "id" uuid primary key, "code" varchar(255) not null unique, "name" varchar(255) not null,
        "email" varchar(255) not null, "avatar_file_id" varchar(255) null,
        "department_id" uuid null references "auth"."department" ("id"), "created_at" timestamptz not null);
      create table "auth"."user_account" (
        "id" serial primary key, "email" varchar(255) not null unique, "password_hash" varchar(255) not null,
        "status" varchar(32) not null default 'active', "permissions" text[] not null default '{}',
        "employee_id" uuid null unique references "auth"."employee" ("id"),
        "created_at" timestamptz not null, "updated_at" timestamptz not null);
      create table "auth"."token_family" (
        "id" uuid primary key, "user_id" int not null references "auth"."user_account" ("id"),
        "kind" varchar(32) not null, "device_id" uuid null, "remember_me" boolean not null,
        "rotation_count" int not null default 0, "absolute_expires_at" timestamptz not null,
        "revoked_at" timestamptz null, "created_at" timestamptz not null);
      create index "token_family_user_id_index" on "auth"."token_family" ("user_id");
      create index "token_family_device_id_index" on "auth"."token_family" ("device_id");
      create table "auth"."refresh_token" (
        "jti" uuid primary key, "token_hash" varchar(255) not null unique,
        "family_id" uuid not null references "auth"."token_family" ("id"),
        "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null);
      create index "refresh_token_family_id_index" on "auth"."refresh_token" ("family_id");
      create table "auth"."audit_entry" (
        "id" bigserial primary key, "action" varchar(255) not null, "result" varchar(32) not null,
        "user_id" int null, "device_id" uuid null, "ip_address" varchar(255) null, "user_agent" varchar(512) null,
        "error_code" varchar(255) null, "details" jsonb null, "challenge_hash" varchar(255) null,
        "signature" jsonb null, "created_at" timestamptz not null);
      create index "audit_entry_action_index" on "auth"."audit_entry" ("action");
      create index "audit_entry_user_id_index" on "auth"."audit_entry" ("user_id");
      create index "audit_entry_created_at_index" on "auth"."audit_entry" ("created_at");
      create table "auth"."service_token" (
        "id" uuid primary key, "service_name" varchar(255) not null, "issued_by" int null,
        "expires_at" timestamptz not null, "revoked_at" timestamptz null, "created_at" timestamptz not null);
    `);
  }
}
