import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000000_init extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "projects"."customer" (
        "id" uuid primary key, "name" varchar(255) not null, "created_at" timestamptz not null);
    `);
  }
}
