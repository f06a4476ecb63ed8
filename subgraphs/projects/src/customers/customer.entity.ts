import { randomUUID } from 'node:crypto';
import { Entity, PrimaryKey, Property, type Opt } from '@mikro-orm/core';

@Entity({ tableName: 'customer' })
export class Customer {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string' })
  name!: string;

  @Property({ type: 'datetime' })
  createdAt: Date & Opt = new Date();
}
