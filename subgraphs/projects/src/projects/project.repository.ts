import type { EntityManager, PrimaryKeyProp } from '@mikro-orm/postgresql';
import { runStatement, type PreparedStatement } from '@platform/lib/database';
import { shownTimeOf, type ShownTime } from '@platform/lib/shown-time';
import type { RecordVersion } from '@platform/lib/entity-tag';
import { likePattern, pageVersionOf, pageVersionSelect, type PageVersionRow } from '../listing/list.repository.js';
import { ProjectDocument, ProjectParticipant } from './project-members.entity.js';
import { Project } from './project.entity.js';
import type { ProjectProgress, ProjectStatus } from '@platform/lib/contract/project-values';

/** A member row's columns by property name, as a read-only page reads it (no tracked entity). */
export type MemberRow<Member extends ProjectParticipant | ProjectDocument> = Omit<Member, typeof PrimaryKeyProp>;

/** A project's columns by property name, as a read-only page reads it (no tracked entity, times as text). */
export type ProjectRow = Pick<
  Project,
  | 'id'
  | 'uniqueCode'
  | 'name'
  | 'description'
  | 'contractValue'
  | 'currency'
  | 'status'
  | 'progress'
  | 'customerId'
  | 'creatorUserId'
> &
  Record<'replyDate' | 'createdAt' | 'updatedAt', ShownTime> & { deletedAt: ShownTime | null };

export interface ProjectListQuery {
  page: number;
  limit: number;
  search?: string;
  sortBy: 'name' | 'uniqueCode' | 'contractValue' | 'replyDate' | 'status' | 'progress' | 'createdAt' | 'updatedAt';
  sortOrder: 'asc' | 'desc';
  status?: ProjectStatus;
  customerId?: string;
}

export interface NewProject {
  name: string;
  description: string;
  contractValue: number;
  currency: string;
  replyDate: Date;
  customerId: string;
  creatorUserId: number;
}

export type ProjectChanges = Partial<
  Pick<Project, 'name' | 'description' | 'contractValue' | 'currency' | 'replyDate'> & {
    status: ProjectStatus;
    progress: ProjectProgress;
  }
>;

/**
 * The project table and its participant and document lists. A deleted project (`deletedAt` set) is never
 * returned by any read here.
 */
/** Hand-written: a row lock, which the entity manager cannot take without reloading the entity. */
const lockStatement: PreparedStatement = {
  name: 'projects.project.lock_version',
  text: `select to_json("updated_at") #>> '{}' as "updatedAt" from "projects"."project" where "id" = $1 for update`,
};

/** The columns behind the sort keys (the list sorts by the property of the same name). */
const sortColumnName: Record<ProjectListQuery['sortBy'], string> = {
  name: 'name',
  uniqueCode: 'unique_code',
  contractValue: 'contract_value',
  replyDate: 'reply_date',
  status: 'status',
  progress: 'progress',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};

/**
 * Every resource count of the live project with code $1 in one statement (the resource counts' version): its tasks
 * and products by status and its documents, each type's rows ordered by status as the counts' own statements order
 * them, and a `project` row when the project exists. Counts only.
 */
const resourceCountsStatement: PreparedStatement = {
  name: 'projects.project.resource_counts',
  text: `with "project" as (
      select "id" from "projects"."project" where "unique_code" = $1 and "deleted_at" is null)
    select "type", "status", "count" from (
      select 0 as "kind", 'project' as "type", '' as "status", 0 as "count" from "project"
      union all select 1, 'tasks', f."status", sum(f."count")::int from "projects"."task_facet" f
        where f."project_id" = (select "id" from "project") and f."count" > 0 group by f."status"
      union all select 2, 'products', pr."status", count(*)::int from "projects"."product" pr join "project" p
        on pr."project_id" = p."id" group by pr."status"
      union all select 3, 'documents', 'attached', count(*)::int from "projects"."project_document" d join "project" p
        on d."project_id" = p."id" having count(*) > 0) u
    order by "kind", "status" asc`,
};

/**
 * The live projects a list shows: status $1, customer $2 and search pattern $3 (name, code or description), each
 * null when not asked.
 */
const listFilter = `"deleted_at" is null and ($1::text is null or "status" = $1) and ($2::uuid is null or "customer_id" = $2)
      and ($3::text is null or "name" ilike $3 or "unique_code" ilike $3 or "description" ilike $3)`;

/** A project row's columns by property name (`ProjectRow`), from the alias `p`. */
const projectColumns = `p."id", p."unique_code" as "uniqueCode", p."name", p."description",
    p."contract_value"::float8 as "contractValue", p."currency", ${shownTimeOf('p."reply_date"')} as "replyDate",
    p."status", p."progress", p."customer_id" as "customerId", p."creator_user_id" as "creatorUserId",
    ${shownTimeOf('p."created_at"')} as "createdAt", ${shownTimeOf('p."updated_at"')} as "updatedAt",
    ${shownTimeOf('p."deleted_at"')} as "deletedAt"`;

/**
 * A page of projects under `listFilter` in its order (then by id), window offset $4 and limit $5, as rows with the
 * number of all matching projects: one statement where a page through the entity manager takes two (page, count),
 * and one row of nulls but the total for an empty page. Its text is fixed per order, so each order is one prepared
 * statement.
 */
export function projectPageStatement(sortBy: ProjectListQuery['sortBy'], sortOrder: 'asc' | 'desc'): PreparedStatement {
  const order = (alias: string) => `${alias}"${sortColumnName[sortBy]}" ${sortOrder}, ${alias}"id" ${sortOrder}`;
  return {
    name: `projects.projects.page.${sortBy}.${sortOrder}`,
    text: `
  select n."total", ${projectColumns}
  from (select count(*)::int as "total" from "projects"."project" where ${listFilter}) n
  left join lateral (
    select * from "projects"."project" where ${listFilter} order by ${order('')} limit $5 offset $4) p on true
  order by ${order('p.')}`,
  };
}

/** What `projectPageStatement` answers: a project's columns, null on an empty page's one row, and the total. */
type ProjectPageRow = { total: number } & ({ [Column in keyof ProjectRow]: ProjectRow[Column] } | { id: null });

/**
 * The version of a page of projects under the filters of `page` (status, customer, search) in its order and
 * window: the number of matching projects and the page's ids and update times in order. One statement where the
 * full page takes two (page, count); its text is fixed per order, so each order is one prepared statement.
 */
function pageVersionStatement(sortBy: ProjectListQuery['sortBy'], sortOrder: 'asc' | 'desc'): PreparedStatement {
  return {
    name: `projects.projects.page_version.${sortBy}.${sortOrder}`,
    text: `
  with "matching" as (
    select "id", "updated_at", row_number() over (order by "${sortColumnName[sortBy]}" ${sortOrder}, "id" ${sortOrder}) as "n"
    from "projects"."project"
    where ${listFilter})
  ${pageVersionSelect('$4', '$5')}`,
  };
}

/** The participants of the projects $1 (ids), in their order, as rows (`MemberRow`). */
export const participantsOfStatement: PreparedStatement = {
  name: 'projects.project.participants_of',
  text: `select "project_id" as "projectId", "employee_id" as "employeeId", "position"
    from "projects"."project_participant" where "project_id" = any($1::uuid[]) order by "position" asc`,
};

/** The documents of the projects $1 (ids), in their order, as rows (`MemberRow`). */
export const documentsOfStatement: PreparedStatement = {
  name: 'projects.project.documents_of',
  text: `select "project_id" as "projectId", "file_id" as "fileId", "position"
    from "projects"."project_document" where "project_id" = any($1::uuid[]) order by "position" asc`,
};

/** A list query's statement parameters: the filters ($1-$3), then offset ($4) and limit ($5). */
const listParameters = (query: ProjectListQuery) => [
  query.status ?? null,
  query.customerId ?? null,
  query.search ? likePattern(query.search) : null,
  (query.page - 1) * query.limit,
  query.limit,
];

export class ProjectRepository {
  constructor(private readonly em: EntityManager) {}

  findLive(uniqueCode: string): Promise<Project | null> {
    return this.em.findOne(Project, { uniqueCode, deletedAt: null });
  }

  /** A live project's version: its id and update time only (the entity tag of a conditional GET). */
  async versionOf(uniqueCode: string): Promise<RecordVersion | null> {
    const row = await this.em.findOne(Project, { uniqueCode, deletedAt: null }, { fields: ['id', 'updatedAt'] });
    return row && { id: row.id, updatedAt: row.updatedAt };
  }

  /** The version of the page `page` would answer (the same filters, order and window). Hand-written: one statement. */
  async pageVersion(query: ProjectListQuery): Promise<{ items: RecordVersion[]; total: number }> {
    const statement = pageVersionStatement(query.sortBy, query.sortOrder);
    const [row] = await runStatement<PageVersionRow>(this.em, statement, listParameters(query));
    return pageVersionOf(row!);
  }

  /** The live projects among these codes, in one statement. */
  findLiveMany(uniqueCodes: readonly string[]): Promise<Project[]> {
    return this.em.find(Project, { uniqueCode: { $in: [...uniqueCodes] }, deletedAt: null });
  }

  findLiveByIdOrCode(idOrCode: string, isId: boolean): Promise<Project | null> {
    return this.em.findOne(
      Project,
      isId ? { id: idOrCode, deletedAt: null } : { uniqueCode: idOrCode, deletedAt: null },
    );
  }

  /**
   * A page of live projects, as rows, not entities: a page is only read, and its statements built and its rows
   * tracked by the entity manager were a measured share of the projects page's CPU (decisions: issue 29).
   */
  async page(query: ProjectListQuery): Promise<{ rows: ProjectRow[]; total: number }> {
    const statement = projectPageStatement(query.sortBy, query.sortOrder);
    const found = await runStatement<ProjectPageRow>(this.em, statement, listParameters(query));
    const rows = found.filter((row): row is ProjectPageRow & ProjectRow => row.id !== null);
    return { rows: rows.map(({ total: _total, ...project }): ProjectRow => project), total: found[0]!.total };
  }

  /** The code comes back from the insert (a column default drawn from the sequence). */
  async add(values: NewProject, participantIds: string[], documentFileIds: string[]): Promise<Project> {
    const project = this.em.create(Project, values);
    this.stageMembers(project.id, participantIds, documentFileIds);
    await this.em.flush();
    return project;
  }

  async update(
    project: Project,
    changes: ProjectChanges,
    participantIds?: string[],
    documentFileIds?: string[],
  ): Promise<void> {
    this.em.assign(project, changes);
    if (participantIds) await this.em.nativeDelete(ProjectParticipant, { projectId: project.id });
    if (documentFileIds) await this.em.nativeDelete(ProjectDocument, { projectId: project.id });
    this.stageMembers(project.id, participantIds ?? [], documentFileIds ?? []);
    // A list change alone still marks the project changed.
    if (participantIds || documentFileIds) project.updatedAt = new Date();
    await this.em.flush();
  }

  /** Locks the project's row in the open transaction and answers its `updatedAt` as committed now. */
  async lockedVersion(projectId: string): Promise<Date | null> {
    const [row] = await runStatement<{ updatedAt: string }>(this.em, lockStatement, [projectId], {
      joinTransaction: true,
    });
    return row ? new Date(row.updatedAt) : null;
  }

  async softDelete(project: Project, at: Date): Promise<void> {
    project.deletedAt = at;
    await this.em.flush();
  }

  /** Read-only rows for the pages' loaders: by property name, not tracked entities (decisions: issue 29). */
  participantsOf(projectIds: readonly string[]): Promise<MemberRow<ProjectParticipant>[]> {
    return runStatement(this.em, participantsOfStatement, [projectIds]);
  }

  /** Read-only rows, as participantsOf. */
  documentsOf(projectIds: readonly string[]): Promise<MemberRow<ProjectDocument>[]> {
    return runStatement(this.em, documentsOfStatement, [projectIds]);
  }

  /**
   * Every resource count of a live project by type and status, in one statement (`resourceCountsStatement`): null
   * when the project is unknown or deleted.
   */
  async resourceCounts(uniqueCode: string): Promise<{ type: string; status: string; count: number }[] | null> {
    const rows = await runStatement<{ type: string; status: string; count: number }>(this.em, resourceCountsStatement, [
      uniqueCode,
    ]);
    return rows.length === 0 ? null : rows.filter((row) => row.type !== 'project');
  }

  countDocuments(projectId: string): Promise<number> {
    return this.em.count(ProjectDocument, { projectId });
  }

  private stageMembers(projectId: string, participantIds: string[], documentFileIds: string[]): void {
    participantIds.forEach((employeeId, position) =>
      this.em.create(ProjectParticipant, { projectId, employeeId, position }),
    );
    documentFileIds.forEach((fileId, position) => this.em.create(ProjectDocument, { projectId, fileId, position }));
  }
}
