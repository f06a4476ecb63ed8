import DataLoader from 'dataloader';
import { batchById } from '@platform/lib/batch-by-id';
import { ValidationError } from '@platform/lib/errors';
import { DepartmentCodeTakenError, EmployeeCodeTakenError } from './directory.errors.js';
import { text, uuid, validate, z, email } from '@platform/lib/validation';
import type { AuditWriter } from '../audit/audit.service.js';
import type { Department } from './department.entity.js';
import type { DepartmentRow, DirectoryRepository, EmployeeRow } from './directory.repository.js';
import type { Employee } from './employee.entity.js';

const departmentInput = z.object({ code: text(64), name: text(255) });
const employeeInput = z.object({
  code: text(64),
  name: text(255),
  email,
  departmentId: uuid.nullish(),
  avatarFileId: text(255).nullish(),
});

export interface DirectoryServiceDependencies {
  directory: DirectoryRepository;
  audit: AuditWriter;
  /** The user making the change, named in its audit entry. */
  actorId: () => number | undefined;
}

/** Departments and employees: records of the auth subgraph because token claims carry them. */
export class DirectoryService {
  readonly departments = new DataLoader<string, DepartmentRow | null>(async (ids) =>
    batchById(await this.deps.directory.departmentsByIds(ids), ids),
  );

  readonly employees = new DataLoader<string, EmployeeRow | null>(async (ids) =>
    batchById(await this.deps.directory.employeesByIds(ids), ids),
  );

  constructor(private readonly deps: DirectoryServiceDependencies) {}

  async createDepartment(input: unknown): Promise<Department> {
    const values = validate(departmentInput, input);
    if (await this.deps.directory.departmentCodeTaken(values.code)) {
      throw new DepartmentCodeTakenError();
    }
    const department = await this.deps.directory.addDepartment(values);
    if (!department) throw new DepartmentCodeTakenError();
    await this.deps.audit.record({ action: 'create_department', result: 'success', userId: this.deps.actorId() });
    return department;
  }

  async createEmployee(input: unknown): Promise<Employee> {
    const values = validate(employeeInput, input);
    const department = values.departmentId ? await this.deps.directory.findDepartment(values.departmentId) : null;
    if (values.departmentId && !department) throw ValidationError.field('departmentId', 'department not found');
    if (await this.deps.directory.employeeCodeTaken(values.code)) throw new EmployeeCodeTakenError();
    const employee = await this.deps.directory.addEmployee({
      code: values.code,
      name: values.name,
      email: values.email,
      avatarFileId: values.avatarFileId ?? null,
      department,
    });
    await this.deps.audit.record({ action: 'create_employee', result: 'success', userId: this.deps.actorId() });
    return employee;
  }
}
