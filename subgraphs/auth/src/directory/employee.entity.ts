import { randomUUID } from 'node:crypto';
import { Entity, ManyToOne, PrimaryKey, Property, Unique, type Opt } from '@mikro-orm/core';
import { Department } from './department.entity.js';

@Entity({ tableName: 'employee' })
export class Employee {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string' })
  @Unique()
  code!: string;

  @Property({ type: 'string' })
  name!: string;

  @Property({ type: 'string' })
  email!: string;

  @Property({ type: 'string', nullable: true })
  avatarFileId: string | null = null;

  @ManyToOne(() => Department, { nullable: true })
  department: Department | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date & Opt = new Date();
}
