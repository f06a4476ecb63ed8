import { Migration } from '@mikro-orm/migrations';

/**
 * A biometric login's family names the challenge session it consumed. The unique index is the consume
 * itself: of concurrent logins with one session, exactly one family is inserted (mobile/login.repository.ts).
 */
export class Migration20261122020000_login_sessions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table "auth"."token_family" add column "login_session_id" uuid null;
      create unique index "token_family_login_session_id_unique" on "auth"."token_family" ("login_session_id");
    `);
  }
}
