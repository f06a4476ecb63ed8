import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { runStatement, type PreparedStatement } from '@platform/lib/database';
import { shownTimeOf, type ShownTime } from '@platform/lib/shown-time';
import type { RecordState, RecordVersion } from '@platform/lib/entity-tag';
import {
  findPage,
  likePattern,
  pageVersionOf,
  pageVersionSelect,
  type PageVersionRow,
} from '../listing/list.repository.js';
import { liveProjectCte } from '../projects/live-project.sql.js';
import type { ProjectTasks } from '../projects/project.service.js';
import { Task, TaskParticipant } from './task.entity.js';
import type { TaskPriority } from '@platform/lib/contract/project-values';

export type TaskSortField = 'createdAt' | 'updatedAt' | 'name' | 'uniqueCode' | 'endDate' | 'priority' | 'status';

export interface TaskListQuery {
  page: number;
  limit: number;
  search?: string;
  sortBy: TaskSortField;
  sortOrder: 'asc' | 'desc';
  status?: string;
  priority?: TaskPriority;
  departmentId?: string;
}

/** The scope of a list: the live tasks of one project, or those an employee takes part in. */
export type TaskScope = { projectId: string } | { participantId: string };

export interface NewTask {
  projectId: string;
  parentId: string | null;
  name: string;
  description: string;
  endDate: Date;
  fileId: string | null;
  departmentId: string;
  priority: TaskPriority;
  status: string;
  tags: string[];
}

export type TaskChanges = Partial<
  Pick<Task, 'parentId' | 'name' | 'description' | 'endDate' | 'departmentId' | 'priority' | 'status' | 'tags'>
>;

/** Sort keys: the code sorts by the number within the project, priority by its rank (low -> urgent). */
const sortColumn: Record<TaskSortField, keyof Task> = {
  createdAt: 'createdAt',
  updatedAt: 'updatedAt',
  name: 'name',
  uniqueCode: 'number',
  endDate: 'endDate',
  priority: 'priorityRank',
  status: 'status',
};

/** The columns behind the sort keys, as `sortColumn` names their properties. */
const sortColumnName: Record<TaskSortField, string> = {
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  name: 'name',
  uniqueCode: 'number',
  endDate: 'end_date',
  priority: 'priority_rank',
  status: 'status',
};

interface TaskPageVersionRow extends PageVersionRow {
  found: boolean;
}

/**
 * The version of a page of tasks under the filters of `page` (status, priority, department, search) in its order and
 * window: the number of matching tasks and the page's ids and update times in order. The scope is a project ($1 its
 * id or null, $2 its code; `found` tells whether the live project exists) or an employee's tasks ($1 the employee).
 * One statement where the full page takes two or three; its text is fixed per scope and order, so each is one
 * prepared statement.
 */
function pageVersionStatement(
  scope: 'project' | 'participant',
  sortBy: TaskSortField,
  sortOrder: 'asc' | 'desc',
): PreparedStatement {
  const order = `t."${sortColumnName[sortBy]}" ${sortOrder}, t."id" ${sortOrder}`;
  const first = scope === 'project' ? 3 : 2;
  const $ = (index: number) => `$${first + index}`;
  const filters = `t."deleted_at" is null and (${$(0)}::text is null or t."status" = ${$(0)})
      and (${$(1)}::text is null or t."priority" = ${$(1)}) and (${$(2)}::uuid is null or t."department_id" = ${$(2)})
      and (${$(3)}::text is null or t."name" ilike ${$(3)} or t."unique_code" ilike ${$(3)} or t."description" ilike ${$(3)})`;
  const numbered = `select t."id", t."updated_at", row_number() over (order by ${order}) as "n"`;
  // A project's rows by its index, windowed apart, and counted from the facet counts the filter options keep
  // unless a search asks for the rows: numbering them all (as the participant's list does) made the planner read
  // every task of every project when one project holds most of them (45 ms per 304 beside a 100,000-task project,
  // measured; under 1 ms this way).
  const ofProject = `from "projects"."task" t where t."project_id" = (select "id" from "project") and ${filters}`;
  const counted = `select coalesce(sum(f."count"), 0)::int from "projects"."task_facet" f
      where f."project_id" = (select "id" from "project") and (${$(0)}::text is null or f."status" = ${$(0)})
      and (${$(1)}::text is null or f."priority" = ${$(1)}) and (${$(2)}::uuid is null or f."department_id" = ${$(2)})`;
  const text =
    scope === 'project'
      ? `with ${liveProjectCte('$1', '$2')}
  select exists (select 1 from "project") as "found",
    case when ${$(3)}::text is null then (${counted}) else (select count(*)::int ${ofProject}) end as "total",
    array(select t."id" ${ofProject} order by ${order} offset ${$(4)} limit ${$(5)}) as "ids",
    array(select t."updated_at" ${ofProject} order by ${order} offset ${$(4)} limit ${$(5)}) as "times"`
      : `with "matching" as (
    ${numbered} from "projects"."task" t
    where t."id" in (select "task_id" from "projects"."task_participant" where "employee_id" = $1) and ${filters})
  ${pageVersionSelect($(4), $(5), 'true as "found", ')}`;
  return { name: `projects.tasks.page_version.${scope}.${sortBy}.${sortOrder}`, text };
}

/** A task's columns by property name, as the nested page reads it (no tracked entity, times as text). */
export type TaskRow = Pick<
  Task,
  | 'id'
  | 'uniqueCode'
  | 'name'
  | 'description'
  | 'fileId'
  | 'parentId'
  | 'projectId'
  | 'departmentId'
  | 'priority'
  | 'status'
  | 'tags'
> &
  Record<'endDate' | 'createdAt' | 'updatedAt', ShownTime> & { deletedAt: ShownTime | null };

/** A page of a project's tasks with the participants of each, newest first. */
export interface TaskPageWithParticipants {
  rows: TaskRow[];
  participants: TaskParticipant[];
  total: number;
}

/** What `nestedPageStatement` answers: a task's columns (null on an unknown project's page), total, participants. */
type NestedPageRow = {
  total: number;
  participants: { id: string; taskId: string; employeeId: string; position: number }[] | null;
} & ({ [Column in keyof TaskRow]: TaskRow[Column] } | { id: null });

/** A task row's columns by property name (`TaskRow`), from the alias `t`. */
const taskColumns = `t."id", t."unique_code" as "uniqueCode", t."name", t."description",
    ${shownTimeOf('t."end_date"')} as "endDate", t."file_id" as "fileId", t."parent_id" as "parentId",
    t."project_id" as "projectId", t."department_id" as "departmentId", t."priority", t."status", t."tags",
    ${shownTimeOf('t."created_at"')} as "createdAt", ${shownTimeOf('t."updated_at"')} as "updatedAt",
    ${shownTimeOf('t."deleted_at"')} as "deletedAt"`;

/** Hand-written: a row lock, which the entity manager cannot take without reloading the entity. */
const lockStatement: PreparedStatement = {
  name: 'projects.task.lock_version',
  text: `select to_json("updated_at") #>> '{}' as "updatedAt" from "projects"."task" where "id" = $1 for update`,
};

/**
 * The live project ($1 its id, or null, $2 its code, or null), the number of its live tasks and one page of them
 * with their participants: one row per task (`TaskRow`'s columns), or one row without a task when the page is
 * empty, none when the project is unknown or deleted.
 */
export const nestedPageStatement: PreparedStatement = {
  name: 'projects.tasks.nested_page',
  text: `
  with ${liveProjectCte('$1', '$2')}
  select ${taskColumns}, n."total", (
    select json_agg(json_build_object('id', tp."id", 'taskId', tp."task_id", 'employeeId', tp."employee_id",
      'position', tp."position") order by tp."position")
    from "projects"."task_participant" tp where tp."task_id" = t."id") as "participants"
  from "project" p
  cross join lateral (
    select count(*)::int as "total" from "projects"."task" where "project_id" = p."id" and "deleted_at" is null) n
  left join lateral (
    select * from "projects"."task" where "project_id" = p."id" and "deleted_at" is null
    order by "created_at" desc, "id" desc limit $3 offset $4) t on true
  order by t."created_at" desc, t."id" desc`,
};

/** A nested page's version row: `items` is each task's `[id, updatedAt, comments, activities]` in the page's order. */
interface NestedPageVersionRow {
  found: boolean;
  total: number;
  items:
    | [
        string,
        string,
        [string, boolean, number, number, string][] | null,
        [string, string, boolean, boolean | null, number, number, string][] | null,
      ][]
    | null;
}

/** The likes, dislikes and user $5's reaction ('' for none) of the comment `c`, counted from its reaction rows. */
const reactionsOfComment = `select count(*) filter (where "type" = 'like')::int as "likes",
        count(*) filter (where "type" = 'dislike')::int as "dislikes",
        coalesce(max("type") filter (where "user_id" = $5), '') as "own"
      from "projects"."task_comment_reaction" where "comment_id" = c."id"`;

/**
 * The version of the nested page `nestedPageStatement` answers, as user $5 sees it, with its tasks' comments and
 * activities when asked: whether the live project ($1 its id or null, $2 its code or null) exists, the number of its
 * live tasks and, for each task of the window (limit $3, offset $4) newest first, its id and update time, then each
 * of its comments' id, deletion, likes, dislikes and user $5's reaction (oldest first, as the page shows them) and
 * each of its activity entries' id, update time and, for an entry that adds a comment of the task, that comment's
 * state as well (as the history's version reads it). Keys, times and counts only, in one statement where the page
 * takes three and more; its text is fixed per choice of what is shown, so each is one prepared statement (user $5
 * is a parameter only of those that show comments or activities).
 */
function nestedPageVersionStatement(shown: { comments: boolean; activities: boolean }): PreparedStatement {
  const comments = `(
    select coalesce(json_agg(json_build_array(c."id", c."deleted_at" is not null, r."likes", r."dislikes", r."own")
      order by c."created_at", c."id"), '[]')
    from "projects"."task_comment" c cross join lateral (${reactionsOfComment}) r
    where c."task_id" = w."id")`;
  const activities = `(
    select coalesce(json_agg(json_build_array(a."id", to_json(a."updated_at") #>> '{}', c."id" is not null,
      c."deleted_at" is not null, r."likes", r."dislikes", r."own") order by a."changed_at", a."created_at", a."id"),
      '[]')
    from "projects"."task_activity" a
    left join "projects"."task_comment" c
      on a."type" = 'comment_added' and c."task_id" = w."id" and c."id"::text = a."to" ->> 'commentId'
    left join lateral (${reactionsOfComment}) r on true
    where a."task_id" = w."id")`;
  return {
    name: `projects.tasks.nested_page_version.${shown.comments ? 'comments' : 'none'}.${shown.activities ? 'activities' : 'none'}`,
    text: `
  with ${liveProjectCte('$1', '$2')},
  "window" as (
    select t."id", t."updated_at", t."created_at" from "projects"."task" t
    where t."project_id" = (select "id" from "project") and t."deleted_at" is null
    order by t."created_at" desc, t."id" desc limit $3 offset $4)
  select exists (select 1 from "project") as "found",
    (select coalesce(sum(f."count"), 0)::int from "projects"."task_facet" f
      where f."project_id" = (select "id" from "project")) as "total",
    (select json_agg(json_build_array(w."id", to_json(w."updated_at") #>> '{}', ${shown.comments ? comments : 'null'},
      ${shown.activities ? activities : 'null'}) order by w."created_at" desc, w."id" desc) from "window" w) as "items"`,
  };
}

/** Draws project $1's next task number: the counter row stays locked until the transaction ends. */
const nextNumberStatement: PreparedStatement = {
  name: 'projects.task_sequence.next',
  text: `insert into "projects"."task_sequence" ("project_id", "last_number") values ($1, 1)
  on conflict ("project_id") do update set "last_number" = "task_sequence"."last_number" + 1
  returning "last_number"`,
};

/** Draws $2 numbers of project $1 at once: the last one is returned, the counter row stays locked. */
const nextNumbersStatement: PreparedStatement = {
  name: 'projects.task_sequence.next_many',
  text: `insert into "projects"."task_sequence" ("project_id", "last_number") values ($1, $2)
  on conflict ("project_id") do update set "last_number" = "task_sequence"."last_number" + $2
  returning "last_number"`,
};

/** Project $1's live tasks per status. */
const countByStatusStatement: PreparedStatement = {
  name: 'projects.task.count_by_status',
  text: `select "status", count(*) as "count" from "projects"."task"
  where "project_id" = $1 and "deleted_at" is null group by "status" order by "status" asc`,
};

/**
 * The task table, its participants and the per-project counter behind task codes. A deleted task (`deletedAt`
 * set) is never returned by any read here.
 */
export class TaskRepository implements ProjectTasks {
  constructor(private readonly em: EntityManager) {}

  findLive(uniqueCode: string): Promise<Task | null> {
    return this.em.findOne(Task, { uniqueCode, deletedAt: null });
  }

  /** A live task's version: its id and update time only (the entity tag of a conditional GET). */
  async versionOf(uniqueCode: string): Promise<RecordVersion | null> {
    const row = await this.em.findOne(Task, { uniqueCode, deletedAt: null }, { fields: ['id', 'updatedAt'] });
    return row && { id: row.id, updatedAt: row.updatedAt };
  }

  /**
   * The version of the page `page` of a project's tasks would answer (the same filters, order and window): null when
   * the project is unknown or deleted. Hand-written: one statement instead of the page's three.
   */
  async pageVersionOfProject(
    project: { id: string | null; code: string | null },
    query: TaskListQuery,
  ): Promise<{ items: RecordVersion[]; total: number } | null> {
    return this.pageVersion('project', [project.id, project.code], query);
  }

  /** The version of the page of an employee's tasks `page` would answer (the same filters, order and window). */
  async pageVersionOfParticipant(
    employeeId: string,
    query: TaskListQuery,
  ): Promise<{ items: RecordVersion[]; total: number }> {
    return (await this.pageVersion('participant', [employeeId], query))!;
  }

  private async pageVersion(scope: 'project' | 'participant', scoped: unknown[], query: TaskListQuery) {
    const statement = pageVersionStatement(scope, query.sortBy, query.sortOrder);
    const [row] = await runStatement<TaskPageVersionRow>(this.em, statement, [
      ...scoped,
      query.status ?? null,
      query.priority ?? null,
      query.departmentId ?? null,
      query.search ? likePattern(query.search) : null,
      (query.page - 1) * query.limit,
      query.limit,
    ]);
    return row?.found ? pageVersionOf(row) : null;
  }

  findLiveById(id: string): Promise<Task | null> {
    return this.em.findOne(Task, { id, deletedAt: null });
  }

  async page(scope: TaskScope, query: TaskListQuery): Promise<{ rows: Task[]; total: number }> {
    const where: FilterQuery<Task> = { deletedAt: null };
    if ('projectId' in scope) where.projectId = scope.projectId;
    else where.id = { $in: await this.tasksOfParticipant(scope.participantId) };
    if (query.status) where.status = query.status;
    if (query.priority) where.priority = query.priority;
    if (query.departmentId) where.departmentId = query.departmentId;
    return findPage(this.em, Task, where, query, sortColumn[query.sortBy]);
  }

  /**
   * Draws the project's next task number and stages the task with its participants. The counter row stays
   * locked until the caller's transaction ends, so concurrent creates in one project queue here and never
   * share a number (hand-written: the entity manager has no upsert that returns the new value).
   */
  async add(values: NewTask, projectCode: string, participantIds: string[]): Promise<Task> {
    const [drawn] = await runStatement<{ last_number: number }>(this.em, nextNumberStatement, [values.projectId], {
      joinTransaction: true,
      queuesForRow: true,
    });
    const number = drawn!.last_number;
    const task = this.em.create(Task, { ...values, number, uniqueCode: `${projectCode}-T${number}` });
    this.stageParticipants(task.id, participantIds);
    await this.em.flush();
    return task;
  }

  /**
   * Stages tasks of a bulk create with their participants, drawing each project's numbers in one statement, and
   * writes them in one flush (one insert per table): the statements do not grow with the number of tasks.
   */
  async addMany(items: { values: NewTask; projectCode: string; participantIds: string[] }[]): Promise<Task[]> {
    const perProject = new Map<string, number>();
    for (const { values } of items) perProject.set(values.projectId, (perProject.get(values.projectId) ?? 0) + 1);
    const nextOf = new Map<string, number>();
    for (const [projectId, count] of perProject) {
      const [drawn] = await runStatement<{ last_number: number }>(this.em, nextNumbersStatement, [projectId, count], {
        joinTransaction: true,
        queuesForRow: true,
      });
      nextOf.set(projectId, drawn!.last_number - count + 1);
    }
    const tasks = items.map(({ values, projectCode, participantIds }) => {
      const number = nextOf.get(values.projectId)!;
      nextOf.set(values.projectId, number + 1);
      const task = this.em.create(Task, { ...values, number, uniqueCode: `${projectCode}-T${number}` });
      this.stageParticipants(task.id, participantIds);
      return task;
    });
    await this.em.flush();
    return tasks;
  }

  /** A bulk update: the participants replaced are deleted in one statement, everything else in one flush. */
  async updateMany(items: { task: Task; changes: TaskChanges; participantIds?: string[] }[]): Promise<void> {
    const replaced = items.filter((item) => item.participantIds).map((item) => item.task.id);
    if (replaced.length > 0) await this.em.nativeDelete(TaskParticipant, { taskId: { $in: replaced } });
    for (const { task, changes, participantIds } of items) {
      this.em.assign(task, changes);
      if (!participantIds) continue;
      this.stageParticipants(task.id, participantIds);
      task.updatedAt = new Date();
    }
    await this.em.flush();
  }

  /** The live tasks among these codes, in one statement. */
  findLiveMany(uniqueCodes: readonly string[]): Promise<Task[]> {
    return this.em.find(Task, { uniqueCode: { $in: [...uniqueCodes] }, deletedAt: null });
  }

  /** The live tasks among these ids, in one statement. */
  findLiveManyById(ids: readonly string[]): Promise<Task[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.em.find(Task, { id: { $in: [...ids] }, deletedAt: null });
  }

  /** The parent ids of these tasks, deleted or not, in one statement: the bulk cycle check walks up level by level. */
  async parentsOf(taskIds: readonly string[]): Promise<Map<string, string | null>> {
    if (taskIds.length === 0) return new Map();
    const rows = await this.em.find(Task, { id: { $in: [...taskIds] } }, { fields: ['parentId'] });
    return new Map(rows.map((row) => [row.id, row.parentId]));
  }

  async update(task: Task, changes: TaskChanges, participantIds?: string[]): Promise<void> {
    this.em.assign(task, changes);
    if (participantIds) {
      await this.em.nativeDelete(TaskParticipant, { taskId: task.id });
      this.stageParticipants(task.id, participantIds);
      // A participant change alone still marks the task changed.
      task.updatedAt = new Date();
    }
    await this.em.flush();
  }

  /** Locks the task's row in the open transaction and answers its `updatedAt` as committed now. */
  async lockedVersion(taskId: string): Promise<Date | null> {
    const [row] = await runStatement<{ updatedAt: string }>(this.em, lockStatement, [taskId], {
      joinTransaction: true,
    });
    return row ? new Date(row.updatedAt) : null;
  }

  async softDelete(task: Task, at: Date): Promise<void> {
    task.deletedAt = at;
    await this.em.flush();
  }

  /** Deleting a project deletes its tasks (decisions: Project and task service). */
  async softDeleteOfProject(projectId: string, at: Date): Promise<void> {
    await this.em.nativeUpdate(Task, { projectId, deletedAt: null }, { deletedAt: at });
  }

  /**
   * The nested tasks list's page in one statement instead of four (project, count, page, participants), so
   * that a page with comments and activities stays within its statement budget (decisions: Tasks, nested).
   * Null when the project is unknown or deleted.
   */
  async nestedPage(
    project: { id: string | null; code: string | null },
    page: { page: number; limit: number },
  ): Promise<TaskPageWithParticipants | null> {
    const found = await runStatement<NestedPageRow>(this.em, nestedPageStatement, [
      project.id,
      project.code,
      page.limit,
      (page.page - 1) * page.limit,
    ]);
    if (found.length === 0) return null;
    const taskRows = found.filter((row): row is NestedPageRow & TaskRow => row.id !== null);
    return {
      // Each statement row serves as the task's row, as the comments' rows do (no rest copy of each).
      rows: taskRows,
      participants: taskRows.flatMap((row) => row.participants ?? []) as TaskParticipant[],
      total: found[0]!.total,
    };
  }

  /**
   * The version of the nested page `nestedPage` answers (`nestedPageVersionStatement`) as `viewerId` sees it: each
   * task's id and state (its update time and how many comments and entries it shows), followed by the states of its
   * comments and entries shown (as the comments' and the history's versions name them); null when the project is
   * unknown or deleted.
   */
  async nestedPageVersion(
    project: { id: string | null; code: string | null },
    page: { page: number; limit: number },
    shown: { comments: boolean; activities: boolean },
    viewerId: number,
  ): Promise<{ items: RecordState[]; total: number } | null> {
    const [row] = await runStatement<NestedPageVersionRow>(this.em, nestedPageVersionStatement(shown), [
      project.id,
      project.code,
      page.limit,
      (page.page - 1) * page.limit,
      ...(shown.comments || shown.activities ? [viewerId] : []),
    ]);
    if (!row?.found) return null;
    const items = (row.items ?? []).flatMap(([id, updatedAt, comments, activities]): RecordState[] => [
      { id, state: [new Date(updatedAt).toISOString(), comments?.length ?? null, activities?.length ?? null] },
      ...(comments ?? []).map(([commentId, ...state]) => ({ id: commentId, state })),
      ...(activities ?? []).map(([entryId, entryUpdatedAt, shownComment, ...comment]) => ({
        id: entryId,
        state: [new Date(entryUpdatedAt).toISOString(), ...(shownComment ? comment : [null])],
      })),
    ]);
    return { items, total: row.total };
  }

  participantsOf(taskIds: readonly string[]): Promise<TaskParticipant[]> {
    return this.em.find(TaskParticipant, { taskId: { $in: [...taskIds] } }, { orderBy: { position: 'asc' } });
  }

  /** A task's parent id, deleted or not: the cycle check walks up the chain with it. */
  async parentOf(taskId: string): Promise<string | null> {
    const row = await this.em.findOne(Task, { id: taskId }, { fields: ['parentId'] });
    return row?.parentId ?? null;
  }

  /**
   * The live tasks of a scope after a key, newest first (`created_at desc, id desc`, the order of the nested list),
   * `limit` rows, and the count of all of them: a keyset page, stable while tasks are added (they sort first).
   */
  async pageAfter(
    scope: TaskScope,
    after: { at: Date; id: string } | null,
    limit: number,
  ): Promise<{ rows: Task[]; total: number }> {
    const live: FilterQuery<Task> = { deletedAt: null };
    if ('projectId' in scope) live.projectId = scope.projectId;
    else live.id = { $in: await this.tasksOfParticipant(scope.participantId) };
    const where: FilterQuery<Task> = after
      ? { ...live, $or: [{ createdAt: { $lt: after.at } }, { createdAt: after.at, id: { $lt: after.id } }] }
      : live;
    const rows = await this.em.find(Task, where, { orderBy: { createdAt: 'desc', id: 'desc' }, limit });
    return { rows, total: await this.em.count(Task, live) };
  }

  /** Hand-written: the entity manager counts, but not per group. */
  async countByStatus(projectId: string): Promise<{ status: string; count: number }[]> {
    const rows = await runStatement<{ status: string; count: string }>(this.em, countByStatusStatement, [projectId], {
      joinTransaction: true,
    });
    return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
  }

  /** Ids of the tasks an employee takes part in: one statement before the page's, whatever its size. */
  private async tasksOfParticipant(employeeId: string): Promise<string[]> {
    const rows = await this.em.find(TaskParticipant, { employeeId }, { fields: ['taskId'] });
    return rows.map((row) => row.taskId);
  }

  private stageParticipants(taskId: string, participantIds: string[]): void {
    participantIds.forEach((employeeId, position) => this.em.create(TaskParticipant, { taskId, employeeId, position }));
  }
}
