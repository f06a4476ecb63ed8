import { randomUUID } from 'node:crypto';
import { Entity, Index, PrimaryKey, Property, Unique, type Opt } from '@mikro-orm/core';
import type { KeyAlgorithm } from './device-signature.js';

export type DeviceType = 'mobile' | 'desktop' | 'tablet';

/**
 * A registered device (auth spec, Device). The public key and the push token are stored AES-256-GCM
 * encrypted (decisions: Encryption at rest); the device service is the only reader of those columns.
 */
@Entity({ tableName: 'device' })
@Unique({ properties: ['userId', 'deviceFingerprint'] })
export class Device {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'integer' })
  userId!: number;

  @Property({ type: 'string', length: 255 })
  deviceName!: string;

  @Property({ type: 'string', length: 16 })
  deviceType!: DeviceType;

  /** Not unique across users: the mobile challenge then covers every matching device (decisions). */
  @Index()
  @Property({ type: 'string', length: 255 })
  deviceFingerprint!: string;

  @Property({ type: 'text', hidden: true, lazy: false })
  publicKeyEncrypted!: string;

  @Property({ type: 'string', length: 8 })
  keyAlgorithm!: KeyAlgorithm;

  /** SHA-256 thumbprint of the public key, for audit entries. */
  @Property({ type: 'string', length: 64 })
  keyId!: string;

  @Property({ type: 'text', nullable: true, hidden: true })
  fcmTokenEncrypted: string | null = null;

  @Property({ type: 'boolean' })
  isActive: boolean & Opt = true;

  @Property({ type: 'datetime', nullable: true })
  lastUsedAt: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
