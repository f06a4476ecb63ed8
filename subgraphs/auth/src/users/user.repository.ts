import type { EntityManager } from '@mikro-orm/postgresql';
import { runStatement, type PreparedStatement } from '@platform/lib/database';
import type { Employee } from '../directory/employee.entity.js';
import { User } from './user.entity.js';

/** What a new account is made of; the password arrives hashed. */
export interface NewUser {
  email: string;
  passwordHash: string;
  permissions: string[];
  employee?: Employee | null;
}

const lockStatement: PreparedStatement = {
  name: 'auth.user_account.lock',
  text: 'select "id" from "auth"."user_account" where "id" = $1 for update',
};

/** The user_account table. Users "with claims" come with their employee and department, as tokens carry them. */
export class UserRepository {
  constructor(private readonly em: EntityManager) {}

  findManyWithClaims(ids: number[]): Promise<User[]> {
    return this.em.find(User, { id: { $in: ids } }, { populate: ['employee.department'] });
  }

  findWithClaims(id: number): Promise<User | null> {
    return this.em.findOne(User, { id }, { populate: ['employee.department'] });
  }

  findByEmailWithClaims(email: string): Promise<User | null> {
    return this.em.findOne(User, { email }, { populate: ['employee.department'] });
  }

  findByEmail(email: string): Promise<User | null> {
    return this.em.findOne(User, { email });
  }

  async emailTaken(email: string): Promise<boolean> {
    return (await this.em.count(User, { email })) > 0;
  }

  async employeeHasUser(employee: Employee): Promise<boolean> {
    return (await this.em.count(User, { employee })) > 0;
  }

  async add(values: NewUser): Promise<User> {
    const user = this.em.create(User, values);
    await this.em.flush();
    return user;
  }

  async loadClaims(user: User): Promise<void> {
    await this.em.populate(user, ['employee.department']);
  }

  async disable(user: User): Promise<void> {
    user.status = 'disabled';
    await this.em.flush();
  }

  /** The configured admin is active and holds `admin`, whatever was changed since (decisions: Bootstrap). */
  async reinstateAdmin(user: User): Promise<void> {
    if (!user.permissions.includes('admin')) user.permissions = [...user.permissions, 'admin'];
    user.status = 'active';
    await this.em.flush();
  }

  /**
   * Holds the account's row until the unit of work ends, so that per-user checks and writes (the device
   * limit at registration) run one at a time. Hand-written: a bare row lock, with no entity to load.
   */
  async lockAccount(id: number): Promise<void> {
    await runStatement(this.em, lockStatement, [id], { joinTransaction: true });
  }
}
