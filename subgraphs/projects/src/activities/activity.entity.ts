import { randomUUID } from 'node:crypto';
import { Entity, PrimaryKey, Property, type Opt } from '@mikro-orm/core';
import type { CommentChangeType } from '../comments/comment-changes.js';
import type { ChangedFields, TaskChangeType } from '../tasks/task-changes.js';

/** What happened to a task; each entry's `from` and `to` hold only the fields it changed (decisions: tasks). */
export type ActivityType = TaskChangeType | CommentChangeType;

/** One entry of a task's history, written in the same transaction as the change it records. */
@Entity({ tableName: 'task_activity' })
export class Activity {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  taskId!: string;

  @Property({ type: 'string', length: 32 })
  type!: ActivityType;

  /** The auth subgraph's id of the signed-in user who made the change. */
  @Property({ type: 'integer' })
  actorUserId!: number;

  @Property({ type: 'json', fieldName: 'from' })
  from!: ChangedFields;

  @Property({ type: 'json', fieldName: 'to' })
  to!: ChangedFields;

  @Property({ type: 'datetime' })
  changedAt!: Date;

  @Property({ type: 'datetime' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
