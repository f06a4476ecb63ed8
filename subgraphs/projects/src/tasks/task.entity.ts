import { randomUUID } from 'node:crypto';
import { ArrayType, Entity, PrimaryKey, Property, type Opt } from '@mikro-orm/core';
import { SoftDeletableRecord } from '../records/soft-deletable-record.entity.js';
import type { TaskPriority } from '@platform/lib/contract/project-values';

/**
 * A task of a project (projects spec, Task). `uniqueCode` is the project's code and the task's number in the
 * project (`PRJ-12-T7`), drawn from the project's counter (task.repository.ts). Department, participants and
 * file are ids: departments and employees belong to the auth subgraph, files to the files feature.
 */
@Entity({ tableName: 'task' })
export class Task extends SoftDeletableRecord {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 64 })
  uniqueCode!: string;

  @Property({ type: 'uuid' })
  projectId!: string;

  @Property({ type: 'integer' })
  number!: number;

  @Property({ type: 'uuid', nullable: true })
  parentId: string | null = null;

  @Property({ type: 'string', length: 255 })
  name!: string;

  @Property({ type: 'text' })
  description: string & Opt = '';

  @Property({ type: 'datetime' })
  endDate!: Date;

  @Property({ type: 'uuid', nullable: true })
  fileId: string | null = null;

  @Property({ type: 'uuid' })
  departmentId!: string;

  @Property({ type: 'string', length: 16 })
  priority!: TaskPriority;

  /** Computed by the database from `priority`, so that sorting by priority follows its order, not the alphabet. */
  @Property({ type: 'smallint', persist: false, nullable: true })
  priorityRank?: number;

  @Property({ type: 'string', length: 64 })
  status!: string;

  @Property({ type: ArrayType, columnType: 'text[]' })
  tags: string[] & Opt = [];
}

/** An employee taking part in a task; `position` keeps the order the client gave. */
@Entity({ tableName: 'task_participant' })
export class TaskParticipant {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  taskId!: string;

  @Property({ type: 'uuid' })
  employeeId!: string;

  @Property({ type: 'integer' })
  position!: number;
}
