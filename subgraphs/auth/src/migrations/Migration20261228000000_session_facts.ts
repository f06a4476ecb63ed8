import { Migration } from '@mikro-orm/migrations';

/**
 * What a person needs to recognise a session (issue 27, item 3): how it signed in, from which address and
 * client, and when it was last renewed. `client_family` (browser and OS without versions) answers "has this
 * account used this browser before?" through the (user_id, client_family) index. Earlier sessions keep nulls.
 */
export class Migration20261228000000_session_facts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table "auth"."token_family"
        add column "method" varchar(16) not null default 'password' check ("method" in ('password', 'biometric', 'passkey')),
        add column "ip_address" varchar(64) null,
        add column "user_agent" varchar(512) null,
        add column "client_family" varchar(255) null,
        add column "last_used_at" timestamptz null;
      update "auth"."token_family" set "method" = 'biometric' where "kind" = 'biometric';
      create index "token_family_user_id_client_family_index" on "auth"."token_family" ("user_id", "client_family");
    `);
  }
}
