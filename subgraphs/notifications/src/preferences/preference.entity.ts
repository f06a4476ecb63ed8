import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** Whether a user receives one trigger event (or every one: `*`) on one channel; no row: received. */
@Entity({ tableName: 'notification_preference' })
export class NotificationPreference {
  @PrimaryKey({ type: 'integer' })
  userId!: number;

  @PrimaryKey({ type: 'string', length: 16 })
  channel!: string;

  @PrimaryKey({ type: 'string' })
  triggerEvent!: string;

  @Property({ type: 'boolean' })
  enabled!: boolean;

  @Property({ type: 'datetime' })
  updatedAt!: Date;
}
