import { Entity, ManyToOne, Property } from '@mikro-orm/core';
import { Department } from './department.entity.js';
import { DirectoryRecord } from './directory-record.entity.js';

@Entity({ tableName: 'employee' })
export class Employee extends DirectoryRecord {
  @Property({ type: 'string' })
  email!: string;

  @Property({ type: 'string', nullable: true })
  avatarFileId: string | null = null;

  @ManyToOne(() => Department, { nullable: true })
  department: Department | null = null;
}
