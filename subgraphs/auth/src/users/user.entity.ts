import { Entity, ManyToOne, PrimaryKey, Property, type Opt } from '@mikro-orm/core';
import { Employee } from '../directory/employee.entity.js';

export type UserStatus = 'active' | 'disabled';

@Entity({ tableName: 'user_account' })
export class User {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  /** Stored lower-cased: e-mails are unique case-insensitively (decisions: Users). */
  @Property({ type: 'string', unique: true })
  email!: string;

  @Property({ type: 'string', hidden: true })
  passwordHash!: string;

  @Property({ type: 'string' })
  status: UserStatus & Opt = 'active';

  @Property({ type: 'string[]' })
  permissions: string[] & Opt = [];

  @ManyToOne(() => Employee, { nullable: true, unique: true })
  employee: Employee | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
