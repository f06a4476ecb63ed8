import { randomUUID } from 'node:crypto';
import { Entity, PrimaryKey, Property, type Opt } from '@mikro-orm/core';

/** Push delivery status values (auth spec, States and transitions): pending -> sent -> delivered, or -> failed. */
export type PushStatus = 'pending' | 'sent' | 'delivered' | 'failed';

/** One confirmation request pushed to one device, with its delivery status. */
@Entity({ tableName: 'confirmation_push' })
export class ConfirmationPush {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 64 })
  confirmationId!: string;

  @Property({ type: 'uuid' })
  deviceId!: string;

  @Property({ type: 'string' })
  status: PushStatus & Opt = 'pending';

  @Property({ type: 'integer' })
  attempts: number & Opt = 0;

  @Property({ type: 'string', length: 100, nullable: true })
  errorCode: string | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime' })
  updatedAt: Date & Opt = new Date();
}
