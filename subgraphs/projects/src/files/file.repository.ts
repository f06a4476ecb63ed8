import type { EntityManager } from '@mikro-orm/postgresql';
import { runStatement, type PreparedStatement } from '@platform/lib/database';
import { StoredFile } from './file.entity.js';

/** Who opens or attaches files, and which records it reads (decisions: Files belong to someone). */
export interface FileReader {
  userId: number;
  readsProjects: boolean;
  readsTasks: boolean;
}

/**
 * Where a file is attached decides who reads it: its uploader always; a reader of projects when it is a live
 * project's document; a reader of tasks when it is a live task's file or a live comment's attachment. One
 * statement across the attachment tables instead of one query per kind of record (hand-written: MikroORM has no
 * EXISTS over unrelated entities).
 */
const readableStatement: PreparedStatement = {
  name: 'projects.files.readable',
  text: `
  select f."id" from "projects"."file" f
  where f."id" = any($1::uuid[]) and (
    f."created_by" = $2
    or ($3 and exists (select 1 from "projects"."project_document" d
      join "projects"."project" p on p."id" = d."project_id" and p."deleted_at" is null
      where d."file_id" = f."id"))
    or ($4 and exists (select 1 from "projects"."task" t where t."file_id" = f."id" and t."deleted_at" is null))
    or ($4 and exists (select 1 from "projects"."task_comment_attachment" a
      join "projects"."task_comment" c on c."id" = a."comment_id" and c."deleted_at" is null
      join "projects"."task" t on t."id" = c."task_id" and t."deleted_at" is null
      where a."file_id" = f."id")))`,
};

/** A file's record by property name, as reads take it (no tracked entity: a file's record never changes). */
export type FileRow = Pick<StoredFile, 'id' | 'name' | 'mimeType' | 'size' | 'storedName' | 'createdBy'>;

/** The files among the ids $1, as rows (`FileRow`). */
export const filesByIdsStatement: PreparedStatement = {
  name: 'projects.files.by_ids',
  text: `select "id", "name", "mime_type" as "mimeType", "size", "stored_name" as "storedName",
    "created_by" as "createdBy" from "projects"."file" where "id" = any($1::uuid[])`,
};

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The file table, through the request's entity manager. */
export class FileRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * The files among `ids` that exist; ids that are not UUIDs cannot name a file and are skipped, because
   * PostgreSQL would refuse the whole statement over one of them (callers pass ids from request bodies).
   */
  async findByIds(ids: string[]): Promise<FileRow[]> {
    const candidates = [...new Set(ids.filter((id) => uuid.test(id)))];
    if (candidates.length === 0) return [];
    return runStatement(this.em, filesByIdsStatement, [candidates]);
  }

  /** The ids among `ids` of files that `reader` may open. */
  async readableAmong(ids: string[], reader: FileReader): Promise<Set<string>> {
    const candidates = [...new Set(ids.filter((id) => uuid.test(id)))];
    if (candidates.length === 0) return new Set();
    const rows = await runStatement<{ id: string }>(this.em, readableStatement, [
      candidates,
      reader.userId,
      reader.readsProjects,
      reader.readsTasks,
    ]);
    return new Set(rows.map((row) => row.id));
  }

  async add(fields: Omit<StoredFile, 'createdAt'>): Promise<StoredFile> {
    const file = this.em.create(StoredFile, fields);
    await this.em.flush();
    return file;
  }
}
