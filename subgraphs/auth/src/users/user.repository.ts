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

/**
 * A person as the graph's Person reads it (`personView`): the user's id and e-mail, and the name, code and avatar of
 * its employee and its department's name, each null without one. A row, never a tracked entity: people are only
 * shown (a page's creators and actors).
 */
export interface PersonRow {
  id: number;
  email: string;
  name: string | null;
  code: string | null;
  avatarFileId: string | null;
  department: string | null;
}

/** The people among the user ids $1, as rows (`PersonRow`). */
export const peopleByIdsStatement: PreparedStatement = {
  name: 'auth.user_account.people_by_ids',
  text: `select u."id", u."email", e."name", e."code", e."avatar_file_id" as "avatarFileId", d."name" as "department"
    from "auth"."user_account" u
    left join "auth"."employee" e on e."id" = u."employee_id"
    left join "auth"."department" d on d."id" = e."department_id"
    where u."id" = any($1::int[])`,
};

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

  peopleByIds(ids: readonly number[]): Promise<PersonRow[]> {
    return runStatement(this.em, peopleByIdsStatement, [ids]);
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
