import { Migration } from '@mikro-orm/migrations';

/** Uploaded files; listed before the projects migration, whose documents reference them. */
export class Migration20261130000000_files extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "projects"."file" (
        "id" uuid primary key,
        "name" varchar(255) not null,
        "mime_type" varchar(255) not null,
        "size" integer not null check ("size" > 0),
        "stored_name" varchar(255) not null unique,
        "created_by" integer not null,
        "created_at" timestamptz not null);
    `);
  }
}
