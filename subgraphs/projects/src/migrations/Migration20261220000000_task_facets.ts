import { Migration } from '@mikro-orm/migrations';

/**
 * Task facet counts (filter options and statistics, issue 11): the live tasks of a project counted per combination
 * of status, priority, department and tag set, and the same per participant. A project of 100,000 tasks has a few
 * hundred such rows, so filter options and statistics read those instead of the tasks: scanning the tasks took
 * 40-90 ms on the 100k project, past the 50 ms asked for the whole request (docs/bench/task-facets-explain.txt).
 *
 * The database keeps the counts itself, with statement triggers over the changed rows, so that no write path (a
 * task's create, update and soft delete, a project's bulk soft delete, a participant change, a bulk seed) can
 * forget them. Each trigger first takes the project's transaction-scoped advisory lock, so the writes of one
 * project queue there (as creates already queue on the project's task counter) and never deadlock on count rows.
 * The tag set is keyed by its md5: a btree key cannot hold 50 tags of 64 characters.
 *
 * A name search cannot use the counts (the name is not in them): it counts the matching tasks themselves, found
 * through a trigram index on the name (pg_trgm, a trusted extension: the database owner may create it).
 */
export class Migration20261220000000_task_facets extends Migration {
  override async up(): Promise<void> {
    for (const [table, employee] of [
      ['task_facet', ''],
      ['task_participant_facet', '"employee_id" uuid not null,'],
    ]) {
      this.addSql(`
        create table "projects"."${table}" (
          "project_id" uuid not null references "projects"."project" ("id") on delete cascade,
          ${employee}
          "status" varchar(64) not null,
          "priority" varchar(16) not null,
          "department_id" uuid not null,
          "tags" text[] not null,
          "tags_key" text not null,
          "count" integer not null,
          primary key ("project_id", ${employee ? '"employee_id", ' : ''}"status", "priority", "department_id", "tags_key"));
      `);
    }
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(
      `create index "task_live_name_trgm_idx" on "projects"."task" using gin ("name" gin_trgm_ops) where "deleted_at" is null;`,
    );
    this.addSql(facetFunctions);
    this.addSql(triggers);
    this.addSql(`
      select "projects"."task_facet_add"(array_agg(t.*), 1) from "projects"."task" t where t."deleted_at" is null;
    `);
  }
}

/**
 * `task_facet_add(tasks, sign)` adds (1) or removes (-1) the given live tasks from both counts, with the
 * participants they have now; `task_participant_facet_add(pairs, sign)` the given participations of live tasks,
 * with their tasks as they are now. Both count pairs through `task_pair_facet_add`. The participant triggers count
 * the pairs whose task exists; the task's insert trigger counts the participants already present (a flush may
 * write them before the task): each pair once.
 */
const facetFunctions = `
  create function "projects"."task_facet_lock"(projects uuid[]) returns void language sql as $$
    select pg_advisory_xact_lock(hashtextextended('projects.task_facet:' || p::text, 0))
    from (select distinct unnest(projects) as p order by 1) ordered;
  $$;

  create function "projects"."task_pair_facet_add"(
    tasks "projects"."task"[], pairs "projects"."task_participant"[], sign integer) returns void
  language sql as $$
    insert into "projects"."task_participant_facet" as f
      ("project_id", "employee_id", "status", "priority", "department_id", "tags", "tags_key", "count")
    select t."project_id", p."employee_id", t."status", t."priority", t."department_id", t."tags", md5(t."tags"::text),
      sign * count(*)
    from unnest(tasks) t join unnest(pairs) p on p."task_id" = t."id"
    where t."deleted_at" is null
    group by 1, 2, 3, 4, 5, 6
    on conflict ("project_id", "employee_id", "status", "priority", "department_id", "tags_key")
      do update set "count" = f."count" + excluded."count";
  $$;

  create function "projects"."task_facet_add"(tasks "projects"."task"[], sign integer) returns void
  language plpgsql as $$
  begin
    if tasks is null or cardinality(tasks) = 0 then return; end if;
    perform "projects"."task_facet_lock"(array(select (unnest(tasks))."project_id"));
    insert into "projects"."task_facet" as f
      ("project_id", "status", "priority", "department_id", "tags", "tags_key", "count")
    select t."project_id", t."status", t."priority", t."department_id", t."tags", md5(t."tags"::text), sign * count(*)
    from unnest(tasks) t where t."deleted_at" is null
    group by 1, 2, 3, 4, 5
    on conflict ("project_id", "status", "priority", "department_id", "tags_key")
      do update set "count" = f."count" + excluded."count";
    perform "projects"."task_pair_facet_add"(tasks, array(
      select p from "projects"."task_participant" p where p."task_id" in (select (unnest(tasks))."id")), sign);
  end $$;

  create function "projects"."task_participant_facet_add"(pairs "projects"."task_participant"[], sign integer)
  returns void language plpgsql as $$
  declare
    tasks "projects"."task"[] := array(
      select t from "projects"."task" t where t."id" in (select (unnest(pairs))."task_id"));
  begin
    if cardinality(tasks) = 0 then return; end if;
    perform "projects"."task_facet_lock"(array(select (unnest(tasks))."project_id"));
    perform "projects"."task_pair_facet_add"(tasks, pairs, sign);
  end $$;

  create function "projects"."task_facet_inserted"() returns trigger language plpgsql as $$
  begin
    perform "projects"."task_facet_add"(array(select row(a.*)::"projects"."task" from added a), 1);
    return null;
  end $$;

  create function "projects"."task_facet_updated"() returns trigger language plpgsql as $$
  declare
    before_rows "projects"."task"[];
    after_rows "projects"."task"[];
  begin
    select array_agg(row(b.*)::"projects"."task"), array_agg(row(a.*)::"projects"."task") into before_rows, after_rows
    from old_rows b join new_rows a using ("id")
    where (b."status", b."priority", b."department_id", b."tags", b."deleted_at" is null)
      is distinct from (a."status", a."priority", a."department_id", a."tags", a."deleted_at" is null);
    perform "projects"."task_facet_add"(before_rows, -1);
    perform "projects"."task_facet_add"(after_rows, 1);
    return null;
  end $$;

  create function "projects"."task_participant_facet_inserted"() returns trigger language plpgsql as $$
  begin
    perform "projects"."task_participant_facet_add"(array(select row(a.*)::"projects"."task_participant" from added a), 1);
    return null;
  end $$;

  create function "projects"."task_participant_facet_deleted"() returns trigger language plpgsql as $$
  begin
    perform "projects"."task_participant_facet_add"(array(select row(b.*)::"projects"."task_participant" from removed b), -1);
    return null;
  end $$;
`;

const triggers = `
  create trigger "task_facet_inserted" after insert on "projects"."task"
    referencing new table as added for each statement execute function "projects"."task_facet_inserted"();
  create trigger "task_facet_updated" after update on "projects"."task"
    referencing old table as old_rows new table as new_rows for each statement
    execute function "projects"."task_facet_updated"();
  create trigger "task_participant_facet_inserted" after insert on "projects"."task_participant"
    referencing new table as added for each statement execute function "projects"."task_participant_facet_inserted"();
  create trigger "task_participant_facet_deleted" after delete on "projects"."task_participant"
    referencing old table as removed for each statement execute function "projects"."task_participant_facet_deleted"();
`;
