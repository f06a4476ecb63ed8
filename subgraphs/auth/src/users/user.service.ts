import DataLoader from 'dataloader';
import { batchById } from '@platform/lib/batch-by-id';
import type { UserCaller } from '@platform/lib/auth/caller';
import { revocationMarkers } from '@platform/lib/auth/revocation';
import { ValidationError } from '@platform/lib/errors';
import {
  AdminUserProtectedError,
  EmployeeAlreadyHasUserError,
  PermissionNotGrantableError,
  UserEmailTakenError,
  UserNotFoundError,
} from './user.errors.js';
import { email, uuid, validate, z } from '@platform/lib/validation';
import type { AuditWriter } from '../audit/audit.service.js';
import { audited } from '../audit/audited.js';
import type { DirectoryRepository } from '../directory/directory.repository.js';
import type { RevocationService } from '../revocations/revocation.service.js';
import { hashPassword } from './password-hasher.js';
import type { User } from './user.entity.js';
import { mayGrant, mayManage } from './user-grants.js';
import type { PersonRow, UserRepository } from './user.repository.js';

const permission = z.string().regex(/^[a-z]+(:[a-z]+)?$/, 'must look like `scope:action` or `admin`');
const createUserInput = z.object({
  email,
  password: z.string().min(12, 'must be at least 12 characters').max(1024, 'must be at most 1024 characters'),
  permissions: z.array(permission).max(64).nullish(),
  employeeId: uuid.nullish(),
});

export interface UserServiceDependencies {
  users: UserRepository;
  directory: DirectoryRepository;
  revocations: RevocationService;
  audit: AuditWriter;
}

export class UserService {
  readonly byId = new DataLoader<number, User | null>(async (ids) =>
    batchById(await this.deps.users.findManyWithClaims([...ids]), ids),
  );

  /** People by user id, as the graph's Person shows them (rows: a page's people are only shown). */
  readonly people = new DataLoader<number, PersonRow | null>(async (ids) =>
    batchById(await this.deps.users.peopleByIds(ids), ids),
  );

  constructor(private readonly deps: UserServiceDependencies) {}

  async me(userId: number): Promise<User> {
    const user = await this.byId.load(userId);
    if (!user) throw new UserNotFoundError();
    return user;
  }

  /** Refusals are audited as failures with their code, like every other audited action. */
  createUser(input: unknown, actor: UserCaller): Promise<User> {
    return audited(this.deps.audit, 'create_user', { userId: actor.userId }, async (trail) => {
      const values = validate(createUserInput, input);
      const permissions = values.permissions ?? [];
      if (!permissions.every((granted) => mayGrant(actor, granted))) throw new PermissionNotGrantableError();
      const { users, directory } = this.deps;
      const employee = values.employeeId ? await directory.findEmployee(values.employeeId) : null;
      if (values.employeeId && !employee) throw ValidationError.field('employeeId', 'employee not found');
      if (await users.emailTaken(values.email)) throw new UserEmailTakenError();
      if (employee && (await users.employeeHasUser(employee))) throw new EmployeeAlreadyHasUserError();
      const user = await users.add({
        email: values.email,
        passwordHash: await hashPassword(values.password),
        permissions,
        employee,
      });
      await users.loadClaims(user);
      trail.details = { createdUserId: user.id };
      return user;
    });
  }

  /** Disabling ends every session of the user at once, on every instance. */
  disableUser(id: number, actor: UserCaller): Promise<User> {
    const trail = { userId: actor.userId, details: { disabledUserId: id } };
    return audited(this.deps.audit, 'disable_user', trail, async () => {
      const user = await this.deps.users.findWithClaims(id);
      if (!user) throw new UserNotFoundError();
      if (!mayManage(actor, user)) throw new AdminUserProtectedError();
      await this.deps.revocations.run(async (revoke) => {
        await this.deps.users.disable(user);
        revoke(revocationMarkers.user(user.id));
      });
      return user;
    });
  }

  /** Start-up: makes sure the configured admin exists with permission `admin` (decisions: Bootstrap). */
  async ensureAdmin(adminEmail: string, password: string): Promise<User> {
    const { users, revocations } = this.deps;
    const normalized = adminEmail.trim().toLowerCase();
    const existing = await users.findByEmail(normalized);
    if (existing) {
      await users.reinstateAdmin(existing);
      await revocations.lift(revocationMarkers.user(existing.id));
      return existing;
    }
    return users.add({ email: normalized, passwordHash: await hashPassword(password), permissions: ['admin'] });
  }
}
