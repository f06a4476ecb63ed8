import { randomUUID } from 'node:crypto';
import { PrimaryKey, Property, Unique, type Opt } from '@mikro-orm/core';

/** What every record of the directory has: a generated id, a unique human code, a name and a creation time. */
export abstract class DirectoryRecord {
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
