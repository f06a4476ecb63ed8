import { randomUUID } from 'node:crypto';
import { Entity, Index, PrimaryKey, Property, type Opt } from '@mikro-orm/core';

@Entity({ tableName: 'notification' })
@Index({ properties: ['userId', 'createdAt'] })
export class Notification {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'integer' })
  userId!: number;

  @Property({ type: 'text' })
  message!: string;

  @Property({ type: 'string', nullable: true })
  title: string | null = null;

  @Property({ type: 'string', nullable: true, length: 2048 })
  targetLink: string | null = null;

  @Property({ type: 'string', nullable: true })
  targetText: string | null = null;

  @Property({ type: 'boolean' })
  unread: boolean & Opt = true;

  @Property({ type: 'datetime', nullable: true })
  readAt: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date & Opt = new Date();
}
