import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { revocationKeys, type Revocations } from '@platform/lib/auth/revocation';
import { ValidationError } from '@platform/lib/errors';
import { EmployeeAlreadyHasUserError, UserEmailTakenError, UserNotFoundError } from './user.errors.js';
import { email, uuid, validate, z } from '@platform/lib/validation';
import type { AuditWriter } from '../audit/audit.service.js';
import { Employee } from '../directory/employee.entity.js';
import { hashPassword } from '../sessions/password-hasher.js';
import { User } from './user.entity.js';

const permission = z.string().regex(/^[a-z]+(:[a-z]+)?$/, 'must look like `scope:action` or `admin`');
const createUserInput = z.object({
  email,
  password: z.string().min(12, 'must be at least 12 characters').max(1024, 'must be at most 1024 characters'),
  permissions: z.array(permission).max(64).nullish(),
  employeeId: uuid.nullish(),
});

export class UserService {
  readonly byId = new DataLoader<number, User | null>(async (ids) => {
    const users = await this.em.find(User, { id: { $in: [...ids] } }, { populate: ['employee.department'] });
    const byId = new Map(users.map((user) => [user.id, user]));
    return ids.map((id) => byId.get(id) ?? null);
  });

  constructor(
    private readonly em: EntityManager,
    private readonly revocations: Revocations,
    private readonly audit: AuditWriter,
    private readonly actorId: () => number | undefined,
  ) {}

  async me(userId: number): Promise<User> {
    const user = await this.byId.load(userId);
    if (!user) throw new UserNotFoundError();
    return user;
  }

  async createUser(input: unknown): Promise<User> {
    const values = validate(createUserInput, input);
    const employee = values.employeeId ? await this.em.findOne(Employee, { id: values.employeeId }) : null;
    if (values.employeeId && !employee) throw ValidationError.field('employeeId', 'employee not found');
    if (await this.em.count(User, { email: values.email }))
      throw new UserEmailTakenError();
    if (employee && (await this.em.count(User, { employee }))) {
      throw new EmployeeAlreadyHasUserError();
    }
    const user = this.em.create(User, {
      email: values.email,
      passwordHash: await hashPassword(values.password),
      permissions: values.permissions ?? [],
      employee,
    });
    await this.em.flush();
    await this.em.populate(user, ['employee.department']);
    await this.audit.record({
      action: 'create_user',
      result: 'success',
      userId: this.actorId(),
      details: { createdUserId: user.id },
    });
    return user;
  }

  /** Disabling ends every session of the user at once, on every instance. */
  async disableUser(id: number): Promise<User> {
    const user = await this.em.findOne(User, { id }, { populate: ['employee.department'] });
    if (!user) throw new UserNotFoundError();
    user.status = 'disabled';
    await this.em.flush();
    await this.revocations.revoke(revocationKeys.user(user.id));
    await this.audit.record({
      action: 'disable_user',
      result: 'success',
      userId: this.actorId(),
      details: { disabledUserId: id },
    });
    return user;
  }

  /** Start-up: makes sure the configured admin exists with permission `admin` (decisions: Bootstrap). */
  async ensureAdmin(adminEmail: string, password: string): Promise<User> {
    const normalized = adminEmail.trim().toLowerCase();
    const existing = await this.em.findOne(User, { email: normalized });
    if (existing) {
      if (!existing.permissions.includes('admin')) existing.permissions = [...existing.permissions, 'admin'];
      existing.status = 'active';
      await this.em.flush();
      await this.revocations.clear(revocationKeys.user(existing.id));
      return existing;
    }
    const user = this.em.create(User, {
      email: normalized,
      passwordHash: await hashPassword(password),
      permissions: ['admin'],
    });
    await this.em.flush();
    return user;
  }
}
