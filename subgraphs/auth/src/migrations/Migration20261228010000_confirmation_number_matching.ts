import { Migration } from '@mikro-orm/migrations';

/**
 * Number matching and the request's context on action confirmations (issue 27, item 2). The number and its
 * choices are null on confirmations that do not match numbers (CONFIRMATION_NUMBER_MATCHING); the context is kept
 * for every confirmation, so a phone can show where and when an approval was asked.
 */
export class Migration20261228010000_confirmation_number_matching extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table "auth"."confirmation"
        add column "match_number" smallint null check ("match_number" between 10 and 99),
        add column "number_choices" jsonb null,
        add column "request_ip" varchar(64) null,
        add column "request_user_agent" varchar(512) null;
    `);
  }
}
