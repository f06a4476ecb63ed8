import { Migration } from '@mikro-orm/migrations';

/**
 * Tasks, their participants, the per-project counter behind their codes, and their activity entries. The
 * counter is a row per project, incremented by one `insert ... on conflict ... returning` in the creating
 * transaction, so two tasks never draw the same number and a number is never reused, not even after a delete.
 * References are checked at commit, so a task and its lists are written in one flush.
 */
export class Migration20261210000000_tasks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "projects"."task_sequence" (
        "project_id" uuid primary key references "projects"."project" ("id") on delete cascade,
        "last_number" integer not null);
    `);
    this.addSql(`
      create table "projects"."task" (
        "id" uuid primary key,
        "unique_code" varchar(64) not null unique,
        "project_id" uuid not null references "projects"."project" ("id") on delete cascade deferrable initially deferred,
        "number" integer not null,
        "parent_id" uuid null references "projects"."task" ("id") deferrable initially deferred,
        "name" varchar(255) not null,
        "description" text not null,
        "end_date" timestamptz not null,
        "file_id" uuid null references "projects"."file" ("id"),
        "department_id" uuid not null,
        "priority" varchar(16) not null check ("priority" in ('low', 'medium', 'high', 'urgent')),
        "priority_rank" smallint generated always as (case "priority" when 'low' then 1 when 'medium' then 2
          when 'high' then 3 else 4 end) stored,
        "status" varchar(64) not null,
        "tags" text[] not null,
        "created_at" timestamptz not null,
        "updated_at" timestamptz not null,
        "deleted_at" timestamptz null);
    `);
    this.addSql(
      `create index "task_project_live_idx" on "projects"."task" ("project_id", "created_at") where "deleted_at" is null;`,
    );
    this.addSql(`create index "task_parent_idx" on "projects"."task" ("parent_id");`);
    this.addSql(`
      create table "projects"."task_participant" (
        "id" uuid primary key,
        "task_id" uuid not null references "projects"."task" ("id") on delete cascade deferrable initially deferred,
        "employee_id" uuid not null,
        "position" int not null,
        unique ("task_id", "employee_id"));
    `);
    this.addSql(`create index "task_participant_employee_idx" on "projects"."task_participant" ("employee_id");`);
    this.addSql(`
      create table "projects"."task_activity" (
        "id" uuid primary key,
        "task_id" uuid not null references "projects"."task" ("id") on delete cascade deferrable initially deferred,
        "type" varchar(32) not null,
        "actor_user_id" integer not null,
        "from" jsonb not null,
        "to" jsonb not null,
        "changed_at" timestamptz not null,
        "created_at" timestamptz not null,
        "updated_at" timestamptz not null);
    `);
    this.addSql(`create index "task_activity_task_idx" on "projects"."task_activity" ("task_id", "changed_at");`);
  }
}
