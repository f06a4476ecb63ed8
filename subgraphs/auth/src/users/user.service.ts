import DataLoader from 'dataloader';
import { revocationMarkers } from '@platform/lib/auth/revocation';
import { ValidationError } from '@platform/lib/errors';
import { EmployeeAlreadyHasUserError, UserEmailTakenError, UserNotFoundError } from './user.errors.js';
import { email, uuid, validate, z } from '@platform/lib/validation';
import type { AuditWriter } from '../audit/audit.service.js';
import type { DirectoryRepository } from '../directory/directory.repository.js';
import type { RevocationService } from '../revocations/revocation.service.js';
import { hashPassword } from '../sessions/password-hasher.js';
import type { User } from './user.entity.js';
import type { UserRepository } from './user.repository.js';

const permission = z.string().regex(/^[a-z]+(:[a-z]+)?$/, 'must look like `scope:action` or `admin`');
const createUserInput = z.object({
  email,
  password: z.string().min(12, 'must be at least 12 characters').max(1024, 'must be at most 1024 characters'),
  permissions: z.array(permission).max(64).nullish(),
  employeeId: uuid.nullish(),
});

export class UserService {
  readonly byId = new DataLoader<number, User | null>(async (ids) => {
    const users = await this.users.findManyWithClaims([...ids]);
    const byId = new Map(users.map((user) => [user.id, user]));
    return ids.map((id) => byId.get(id) ?? null);
  });

  constructor(
    private readonly users: UserRepository,
    private readonly directory: DirectoryRepository,
    private readonly revocations: RevocationService,
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
    const employee = values.employeeId ? await this.directory.findEmployee(values.employeeId) : null;
    if (values.employeeId && !employee) throw ValidationError.field('employeeId', 'employee not found');
    if (await this.users.emailTaken(values.email)) throw new UserEmailTakenError();
    if (employee && (await this.users.employeeHasUser(employee))) {
      throw new EmployeeAlreadyHasUserError();
    }
    const user = await this.users.add({
      email: values.email,
      passwordHash: await hashPassword(values.password),
      permissions: values.permissions ?? [],
      employee,
    });
    await this.users.loadClaims(user);
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
    const user = await this.users.findWithClaims(id);
    if (!user) throw new UserNotFoundError();
    await this.revocations.run(async (revoke) => {
      await this.users.disable(user);
      revoke(revocationMarkers.user(user.id));
    });
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
    const existing = await this.users.findByEmail(normalized);
    if (existing) {
      await this.users.reinstateAdmin(existing);
      await this.revocations.lift(revocationMarkers.user(existing.id));
      return existing;
    }
    return this.users.add({ email: normalized, passwordHash: await hashPassword(password), permissions: ['admin'] });
  }
}
