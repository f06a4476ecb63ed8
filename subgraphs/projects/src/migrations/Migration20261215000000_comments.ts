import { Migration } from '@mikro-orm/migrations';

/**
 * Task comments, their attachments and their reactions. A reaction is one row per (comment, user), toggled by
 * one statement per request (comment.repository.ts), so the counts read from the rows are exact under
 * concurrency. References are checked at commit, so a comment and its attachments are written in one flush.
 */
export class Migration20261215000000_comments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "projects"."task_comment" (
        "id" uuid primary key,
        "task_id" uuid not null references "projects"."task" ("id") on delete cascade deferrable initially deferred,
        "parent_id" uuid null references "projects"."task_comment" ("id") deferrable initially deferred,
        "author_user_id" integer not null,
        "content" text not null,
        "created_at" timestamptz not null,
        "updated_at" timestamptz not null,
        "deleted_at" timestamptz null);
    `);
    this.addSql(`create index "task_comment_task_idx" on "projects"."task_comment" ("task_id", "created_at");`);
    this.addSql(`
      create table "projects"."task_comment_attachment" (
        "id" uuid primary key,
        "comment_id" uuid not null references "projects"."task_comment" ("id") on delete cascade deferrable initially deferred,
        "file_id" uuid not null references "projects"."file" ("id"),
        "position" int not null);
    `);
    this.addSql(
      `create index "task_comment_attachment_comment_idx" on "projects"."task_comment_attachment" ("comment_id");`,
    );
    this.addSql(`
      create table "projects"."task_comment_reaction" (
        "comment_id" uuid not null references "projects"."task_comment" ("id") on delete cascade,
        "user_id" integer not null,
        "type" varchar(8) not null check ("type" in ('like', 'dislike')),
        primary key ("comment_id", "user_id"));
    `);
  }
}
