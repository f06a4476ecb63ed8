import { randomUUID } from 'node:crypto';
import { Entity, PrimaryKey, Property, Unique, type Opt } from '@mikro-orm/core';

/** A user's device for push delivery; device_id is the client's own id, unique per user. */
@Entity({ tableName: 'device' })
@Unique({ properties: ['userId', 'deviceId'] })
export class PushDevice {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'integer' })
  userId!: number;

  @Property({ type: 'string' })
  deviceId!: string;

  @Property({ type: 'string', nullable: true })
  deviceName: string | null = null;

  @Property({ type: 'string', nullable: true })
  deviceType: string | null = null;

  /** Encrypted at rest (FieldCipher, context `device.fcm_token`). */
  @Property({ type: 'text', nullable: true })
  fcmToken: string | null = null;

  @Property({ type: 'string', nullable: true })
  providerPlayerId: string | null = null;

  @Property({ type: 'boolean' })
  tokenInvalid: boolean & Opt = false;

  @Property({ type: 'datetime', nullable: true })
  invalidSince: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime' })
  updatedAt: Date & Opt = new Date();
}
