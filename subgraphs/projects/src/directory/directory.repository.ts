import type { EntityManager } from '@mikro-orm/postgresql';
import { runStatement, type PreparedStatement } from '@platform/lib/database';

/**
 * Employees and departments belong to the auth subgraph; a task or project only names them by id. Every layout
 * keeps every subgraph's schema in one database, so the ids are checked where they live: read only, ids only,
 * one statement each (docs/architecture.md, Data access: the directory's ids are the one thing read across).
 */
const knownEmployeesStatement: PreparedStatement = {
  name: 'projects.directory.employees.known',
  text: 'select count(*)::int as known from "auth"."employee" where id = any($1::uuid[])',
};

const employeesAmongStatement: PreparedStatement = {
  name: 'projects.directory.employees.among',
  text: 'select id from "auth"."employee" where id = any($1::uuid[])',
};

const departmentsAmongStatement: PreparedStatement = {
  name: 'projects.directory.departments.among',
  text: 'select id from "auth"."department" where id = any($1::uuid[])',
};

const knownDepartmentStatement: PreparedStatement = {
  name: 'projects.directory.department.known',
  text: 'select exists (select 1 from "auth"."department" where id = $1::uuid) as known',
};

/** Whether ids name records of the auth directory (which never deletes one). */
export class DirectoryReferences {
  constructor(private readonly em: EntityManager) {}

  /** True when every one of these distinct ids is an employee. */
  async allEmployees(ids: readonly string[]): Promise<boolean> {
    if (ids.length === 0) return true;
    const [row] = await runStatement<{ known: number }>(this.em, knownEmployeesStatement, [ids]);
    return row?.known === ids.length;
  }

  /** The employees among these ids: a bulk change names the item whose participant is unknown. */
  async employeesAmong(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await runStatement<{ id: string }>(this.em, employeesAmongStatement, [[...new Set(ids)]]);
    return new Set(rows.map((row) => row.id));
  }

  async departmentsAmong(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await runStatement<{ id: string }>(this.em, departmentsAmongStatement, [[...new Set(ids)]]);
    return new Set(rows.map((row) => row.id));
  }

  async isDepartment(id: string): Promise<boolean> {
    const [row] = await runStatement<{ known: boolean }>(this.em, knownDepartmentStatement, [id]);
    return row?.known === true;
  }
}
