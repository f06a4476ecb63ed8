import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
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

/** The department and employee tables. */
export class DirectoryRepository {
  constructor(private readonly em: EntityManager) {}

  departmentsByIds(ids: string[]): Promise<Department[]> {
    return this.em.find(Department, { id: { $in: ids } });
  }

  employeesByIds(ids: string[]): Promise<Employee[]> {
    return this.em.find(Employee, { id: { $in: ids } }, { populate: ['department'] });
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
