import { randomUUID } from 'node:crypto';
import { Entity, PrimaryKey, Property, Unique, type Opt } from '@mikro-orm/core';

@Entity({ tableName: 'department' })
export class Department {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string' })
  @Unique()
  code!: string;

  @Property({ type: 'string' })
  name!: string;

  @Property({ type: 'datetime' })
  createdAt: Date & Opt = new Date();
}
