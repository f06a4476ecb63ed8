import { Migration } from '@mikro-orm/migrations';

/** Seen, archived and snoozed states of inbox items (issue 30, items 1 and 4). */
export class Migration20261127010000_inbox_states extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table "notifications"."notification"
        add column "seen_at" timestamptz null, add column "archived_at" timestamptz null,
        add column "snoozed_until" timestamptz null;
      update "notifications"."notification" set "seen_at" = "read_at" where "read_at" is not null;
      create index "notification_user_id_active_index" on "notifications"."notification" ("user_id", "created_at")
        where "archived_at" is null and "snoozed_until" is null;
    `);
  }
}
