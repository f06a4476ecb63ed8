/**
 * The live project named by its id or by its uniqueCode (the other parameter null), as a `"project"` CTE, so that a
 * statement reads it with what it needs instead of a round trip of its own first. Each way goes through its own
 * unique index: one `or` of both made the planner scan every live project (decisions: Live inboxes and filter
 * options).
 */
export const liveProjectCte = (idParameter: string, codeParameter: string) => `"project" as (
      select "id" from "projects"."project" where "id" = ${idParameter}::uuid and "deleted_at" is null
      union all
      select "id" from "projects"."project" where "unique_code" = ${codeParameter}::text and "deleted_at" is null)`;
