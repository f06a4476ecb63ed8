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

  @Property({ type: 'string', nullable: true })
  targetId: string | null = null;

  @Property({ type: 'string', nullable: true })
  targetType: string | null = null;

  @Property({ type: 'string', nullable: true })
  triggerEvent: string | null = null;

  @Property({ type: 'integer', nullable: true })
  notifierId: number | null = null;

  /** Set for rows made by a job: (jobId, recipientIndex) is unique, so a retried job never duplicates. */
  @Property({ type: 'uuid', nullable: true })
  jobId: string | null = null;

  @Property({ type: 'integer', nullable: true })
  recipientIndex: number | null = null;

  @Property({ type: 'boolean' })
  unread: boolean & Opt = true;

  @Property({ type: 'datetime', nullable: true })
  readAt: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date & Opt = new Date();

  /** Set when the user opened the inbox after it arrived (markAllNotificationsSeen), or read it. */
  @Property({ type: 'datetime', nullable: true })
  seenAt: Date | null = null;

  /** Archived items leave the default list and its counts; they are listed under the `ARCHIVED` state. */
  @Property({ type: 'datetime', nullable: true })
  archivedAt: Date | null = null;

  /** Until then the item is out of the list and counts; a job of the job engine brings it back. */
  @Property({ type: 'datetime', nullable: true })
  snoozedUntil: Date | null = null;
}
