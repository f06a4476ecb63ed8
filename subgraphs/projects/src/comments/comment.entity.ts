import { randomUUID } from 'node:crypto';
import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import { SoftDeletableRecord } from '../records/soft-deletable-record.entity.js';

export type ReactionType = 'like' | 'dislike';

/**
 * A comment on a task (projects spec, Comment). A deleted comment keeps its row (`deletedAt` set): it stays
 * listed with its content hidden, and its replies stay (decisions: Project and task service).
 */
@Entity({ tableName: 'task_comment' })
export class TaskComment extends SoftDeletableRecord {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  taskId!: string;

  @Property({ type: 'uuid', nullable: true })
  parentId: string | null = null;

  /** The auth subgraph's id of the signed-in user who wrote it. */
  @Property({ type: 'integer' })
  authorUserId!: number;

  @Property({ type: 'text' })
  content!: string;
}

/** A stored file attached to a comment; `position` keeps the order the client gave. */
@Entity({ tableName: 'task_comment_attachment' })
export class TaskCommentAttachment {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  commentId!: string;

  @Property({ type: 'uuid' })
  fileId!: string;

  @Property({ type: 'integer' })
  position!: number;
}

/** One user's reaction to one comment: at most one row per (comment, user); counts are computed from rows. */
@Entity({ tableName: 'task_comment_reaction' })
export class TaskCommentReaction {
  @PrimaryKey({ type: 'uuid' })
  commentId!: string;

  @PrimaryKey({ type: 'integer' })
  userId!: number;

  @Property({ type: 'string', length: 8 })
  type!: ReactionType;
}
