import type { EntityManager } from '@mikro-orm/postgresql';
import { runStatement, type PreparedStatement } from '@platform/lib/database';
import { likePattern } from '../listing/list.repository.js';
import { liveProjectCte } from '../projects/live-project.sql.js';

/** The facets' filters: any of the values within a facet, every facet combined (an empty list filters nothing). */
export interface TaskFacetFilters {
  statuses: string[];
  priorities: string[];
  departmentIds: string[];
  tags: string[];
}

export type TaskFacet = 'departments' | 'participants' | 'priorities' | 'statuses' | 'tags';

export interface FacetCount {
  /** `project`: the last row, present when the project is live (its value null, its count 0). */
  facet: TaskFacet | 'project';
  value: string;
  count: number;
}

export interface StatisticsRow {
  status: string | null;
  priority: string | null;
  department_id: string | null;
  count: number;
}

/** Whether a row passes each facet's filter ($2 statuses, $3 priorities, $4 departments, $5 tags). */
const facetMatches = `(cardinality($2::text[]) = 0 or "status" = any($2::text[])) as s,
    (cardinality($3::text[]) = 0 or "priority" = any($3::text[])) as p,
    (cardinality($4::uuid[]) = 0 or "department_id" = any($4::uuid[])) as d,
    (cardinality($5::text[]) = 0 or "tags" && $5::text[]) as g`;

/**
 * Each facet counted under the other facets' filters; participants under all of them. A value selected in a filter
 * is listed even when none is left (count 0). `c` holds (status, priority, department, tags, count) rows and `pc`
 * (employee, count) rows, each with the match flags; the two statements differ only in where those come from.
 */
const facetCounted = `counted ("facet", "value", "count") as (
    select 'statuses', "status", sum("count") from c where p and d and g group by "status"
    union all select 'priorities', "priority", sum("count") from c where s and d and g group by "priority"
    union all select 'departments', "department_id"::text, sum("count") from c where s and p and g group by "department_id"
    union all select 'tags', tag, sum("count") from c cross join unnest(c."tags") tag where s and p and d group by tag
    union all select 'participants', "employee_id"::text, sum("count") from pc where s and p and d and g group by "employee_id"
    union all select 'statuses', unnest($2::text[]), 0
    union all select 'priorities', unnest($3::text[]), 0
    union all select 'departments', unnest($4::uuid[])::text, 0
    union all select 'tags', unnest($5::text[]), 0)`;

/** The options' rows, then the project's marker (a facet of its own, never one of the five). */
const withProjectMarker = `select "facet", "value", "count" from (
    select 0 as "part", "facet", "value", sum("count")::integer as "count" from counted group by "facet", "value"
    union all select 1, 'project', null, 0 from project) options
  order by "part", "facet", "count" desc, "value"`;

/** Without a search: the kept counts (a few hundred rows for 100,000 tasks), never the tasks. */
const countedOptions: PreparedStatement = {
  name: 'projects.task-facets.options',
  text: `with ${liveProjectCte('$1', '$6')},
    c as materialized (
      select "status", "priority", "department_id", "tags", "count", ${facetMatches}
      from "projects"."task_facet" where "project_id" = (select "id" from project) and "count" > 0),
    pc as (
      select "employee_id", "count", ${facetMatches}
      from "projects"."task_participant_facet" where "project_id" = (select "id" from project) and "count" > 0),
    ${facetCounted}
  ${withProjectMarker}`,
};

/** With a name search ($6, a literal ILIKE pattern): the matching live tasks, found through the name's trigram index. */
const searchedOptions: PreparedStatement = {
  name: 'projects.task-facets.options-searched',
  text: `with ${liveProjectCte('$1', '$7')},
    c as materialized (
      select "id", "status", "priority", "department_id", "tags", 1 as "count", ${facetMatches}
      from "projects"."task"
      where "project_id" = (select "id" from project) and "deleted_at" is null and "name" ilike $6),
    pc as (
      select p."employee_id", 1 as "count", c.s, c.p, c.d, c.g
      from c join "projects"."task_participant" p on p."task_id" = c."id"),
    ${facetCounted}
  ${withProjectMarker}`,
};

/** One row per status, priority and department, and one (all null) for the total, 0 without tasks. */
const statistics: PreparedStatement = {
  name: 'projects.task-facets.statistics',
  text: `select "status", "priority", "department_id"::text, coalesce(sum("count"), 0)::integer as "count"
    from "projects"."task_facet" where "project_id" = $1 and "count" > 0
    group by grouping sets (("status"), ("priority"), ("department_id"), ())`,
};

/**
 * `statistics` of the live project with id $1 or code $2 in one statement with the project's own lookup: no row when
 * the project is unknown or deleted (the conditional GET's version: its counts are the answer).
 */
const statisticsOfProject: PreparedStatement = {
  name: 'projects.task-facets.statistics_of_project',
  text: `with ${liveProjectCte('$1', '$2')}
    select s.* from "project" p cross join lateral (
      select "status", "priority", "department_id"::text, coalesce(sum("count"), 0)::integer as "count"
      from "projects"."task_facet" where "project_id" = p."id" and "count" > 0
      group by grouping sets (("status"), ("priority"), ("department_id"), ())) s`,
};

/**
 * The facet counts of a project's live tasks (task_facet, task_participant_facet), written by the database's
 * triggers (Migration20261220000000_task_facets) and read here. Prepared statements: planned once per connection,
 * they answer the 100,000-task project in a few milliseconds (docs/bench/task-facets-explain.txt).
 */
export class TaskFacetRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * The options of the live project named `project` (by its id or its uniqueCode), or null when there is none.
   * The rows come ordered (count desc, then value) within each facet.
   */
  async options(
    project: { id: string } | { uniqueCode: string },
    filters: TaskFacetFilters,
    nameSearch?: string,
  ): Promise<FacetCount[] | null> {
    const id = 'id' in project ? project.id : null;
    const code = 'uniqueCode' in project ? project.uniqueCode : null;
    const values = [id, filters.statuses, filters.priorities, filters.departmentIds, filters.tags];
    const rows =
      nameSearch === undefined
        ? await runStatement<FacetCount>(this.em, countedOptions, [...values, code])
        : await runStatement<FacetCount>(this.em, searchedOptions, [...values, likePattern(nameSearch), code]);
    return rows.at(-1)?.facet === 'project' ? rows.slice(0, -1) : null;
  }

  statistics(projectId: string): Promise<StatisticsRow[]> {
    return runStatement<StatisticsRow>(this.em, statistics, [projectId]);
  }

  /** `statistics` of a live project by id or code, looked up in the same statement: none when it is unknown. */
  async statisticsOfProject(project: { id: string | null; code: string | null }): Promise<StatisticsRow[] | null> {
    const rows = await runStatement<StatisticsRow>(this.em, statisticsOfProject, [project.id, project.code]);
    return rows.length === 0 ? null : rows;
  }
}
