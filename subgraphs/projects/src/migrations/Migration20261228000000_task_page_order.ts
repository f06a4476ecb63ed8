import { Migration } from '@mikro-orm/migrations';

/**
 * A project's live tasks in the list's default order to the last key (`created_at`, then `id`), so a page is read
 * from the index without a sort. The index it replaces stopped at `created_at`: where a project's tasks share one
 * creation time (a bulk of them, created in one transaction), the planner sorted every task of every project
 * instead (docs/decisions.md, issue 28: a project's version statements).
 */
export class Migration20261228000000_task_page_order extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "task_project_live_order_idx" on "projects"."task" ("project_id", "created_at", "id") where "deleted_at" is null;`,
    );
    this.addSql(`drop index "projects"."task_project_live_idx";`);
  }
}
