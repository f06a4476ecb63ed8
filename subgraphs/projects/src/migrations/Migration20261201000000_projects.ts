import { Migration } from '@mikro-orm/migrations';

/**
 * Projects, their participants, documents, products and expenses. Codes come from a sequence so that a number
 * is never reused, not even after a delete; enumerations are checked by the database as well as the service.
 * References to the project are checked at commit, so a project and its lists are written in one flush (the
 * ORM does not order inserts of tables it sees no relation between).
 */
export class Migration20261201000000_projects extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create sequence "projects"."project_code_seq";`);
    this.addSql(`
      create table "projects"."project" (
        "id" uuid primary key,
        "unique_code" varchar(32) not null default ('PRJ-' || nextval('projects.project_code_seq')) unique,
        "name" varchar(255) not null,
        "description" text not null,
        "contract_value" bigint not null check ("contract_value" >= 0),
        "currency" varchar(3) not null,
        "reply_date" timestamptz not null,
        "status" varchar(32) not null check ("status" in ('pending', 'order_placed', 'canceled', 'delivered',
          'awaiting_payment', 'completed', 'need_update', 'approved')),
        "progress" varchar(32) not null check ("progress" in ('technical_negotiating', 'bidding',
          'waiting_for_contract', 'contract_negotiating', 'production_planning', 'in_production', 'delivering')),
        "customer_id" uuid not null references "projects"."customer" ("id"),
        "creator_user_id" integer not null,
        "created_at" timestamptz not null,
        "updated_at" timestamptz not null,
        "deleted_at" timestamptz null);
    `);
    this.addSql(
      `create index "project_live_created_idx" on "projects"."project" ("created_at") where "deleted_at" is null;`,
    );
    this.addSql(`create index "project_customer_idx" on "projects"."project" ("customer_id");`);
    this.addSql(`
      create table "projects"."project_participant" (
        "project_id" uuid not null references "projects"."project" ("id") on delete cascade deferrable initially deferred,
        "employee_id" uuid not null,
        "position" int not null,
        primary key ("project_id", "employee_id"));
    `);
    this.addSql(`
      create table "projects"."project_document" (
        "project_id" uuid not null references "projects"."project" ("id") on delete cascade deferrable initially deferred,
        "file_id" uuid not null references "projects"."file" ("id"),
        "position" int not null,
        primary key ("project_id", "file_id"));
    `);
    this.addSql(`
      create table "projects"."product" (
        "id" uuid primary key,
        "project_id" uuid not null references "projects"."project" ("id") on delete cascade deferrable initially deferred,
        "name" varchar(255) not null,
        "description" text not null,
        "product_type" varchar(64) not null,
        "status" varchar(64) not null,
        "attributes" jsonb not null,
        "schema_version" varchar(16) not null,
        "position" int not null,
        "created_at" timestamptz not null,
        "updated_at" timestamptz not null);
    `);
    this.addSql(`create index "product_project_id_index" on "projects"."product" ("project_id");`);
    this.addSql(`
      create table "projects"."expense" (
        "id" uuid primary key,
        "project_id" uuid not null references "projects"."project" ("id") on delete cascade deferrable initially deferred,
        "amount" numeric(16, 2) not null check ("amount" > 0),
        "currency" varchar(3) not null,
        "category" varchar(16) not null check ("category" in ('labor', 'materials', 'other')),
        "description" text not null,
        "incurred_at" timestamptz not null,
        "created_at" timestamptz not null);
    `);
    this.addSql(`create index "expense_project_id_index" on "projects"."expense" ("project_id");`);
  }
}
