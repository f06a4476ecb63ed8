import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { runStatement, type PreparedStatement } from '@platform/lib/database';
import { Department } from './department.entity.js';
import { Employee } from './employee.entity.js';

export interface NewDepartment {
  code: string;
  name: string;
}

export interface NewEmployee {
  code: string;
  name: string;
  email: string;
  avatarFileId: string | null;
  department: Department | null;
}

/** A department's columns as a view reads them (its entity, or a row). */
export type DepartmentRow = Pick<Department, 'id' | 'code' | 'name'>;

/** An employee with its department, as a view reads it (its entity, or a row: `employeesByIds`). */
export type EmployeeRow = Pick<Employee, 'id' | 'code' | 'name' | 'email' | 'avatarFileId'> & {
  department: DepartmentRow | null;
};

/** The departments among the ids $1, as rows (`DepartmentRow`). */
export const departmentsByIdsStatement: PreparedStatement = {
  name: 'auth.department.by_ids',
  text: `select "id", "code", "name" from "auth"."department" where "id" = any($1::uuid[])`,
};

/** The employees among the ids $1 with their departments' columns, flat. */
export const employeesByIdsStatement: PreparedStatement = {
  name: 'auth.employee.by_ids',
  text: `select e."id", e."code", e."name", e."email", e."avatar_file_id" as "avatarFileId",
    d."id" as "departmentId", d."code" as "departmentCode", d."name" as "departmentName"
    from "auth"."employee" e left join "auth"."department" d on d."id" = e."department_id"
    where e."id" = any($1::uuid[])`,
};

type EmployeeWithDepartmentRow = Omit<EmployeeRow, 'department'> & {
  departmentId: string | null;
  departmentCode: string | null;
  departmentName: string | null;
};

/** The department and employee tables. */
export class DirectoryRepository {
  constructor(private readonly em: EntityManager) {}

  /** Rows, as `employeesByIds`. */
  departmentsByIds(ids: readonly string[]): Promise<DepartmentRow[]> {
    return runStatement(this.em, departmentsByIdsStatement, [ids]);
  }

  /** Rows, not entities: employees are read here only to be shown (the graph's references from other subgraphs). */
  async employeesByIds(ids: readonly string[]): Promise<EmployeeRow[]> {
    const rows = await runStatement<EmployeeWithDepartmentRow>(this.em, employeesByIdsStatement, [ids]);
    return rows.map(({ departmentId, departmentCode, departmentName, ...employee }) => ({
      ...employee,
      department: departmentId === null ? null : { id: departmentId, code: departmentCode!, name: departmentName! },
    }));
  }

  findDepartment(id: string): Promise<Department | null> {
    return this.em.findOne(Department, { id });
  }

  findEmployee(id: string): Promise<Employee | null> {
    return this.em.findOne(Employee, { id });
  }

  async departmentCodeTaken(code: string): Promise<boolean> {
    return (await this.em.count(Department, { code })) > 0;
  }

  async employeeCodeTaken(code: string): Promise<boolean> {
    return (await this.em.count(Employee, { code })) > 0;
  }

  /** Null when another request took the code first (the unique index decides a race the check above missed). */
  async addDepartment(values: NewDepartment): Promise<Department | null> {
    const department = this.em.create(Department, values);
    try {
      await this.em.flush();
      return department;
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return null;
      throw error;
    }
  }

  async addEmployee(values: NewEmployee): Promise<Employee> {
    const employee = this.em.create(Employee, values);
    await this.em.flush();
    return employee;
  }
}
