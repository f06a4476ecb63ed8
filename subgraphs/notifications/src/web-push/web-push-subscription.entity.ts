import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** A browser's Web Push subscription (the Push API's PushSubscription): where and how to encrypt its pushes. */
@Entity({ tableName: 'web_push_subscription' })
export class WebPushSubscription {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Property({ type: 'integer' })
  userId!: number;

  /** The push service's URL for this browser: a capability, unique across users. */
  @Property({ type: 'string', length: 2048, unique: true })
  endpoint!: string;

  /** The browser's P-256 public key (RFC 8291), base64url. */
  @Property({ type: 'string', length: 128 })
  p256dh!: string;

  /** The browser's 16-byte authentication secret (RFC 8291), base64url. */
  @Property({ type: 'string', length: 64 })
  auth!: string;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Property({ type: 'datetime' })
  updatedAt!: Date;
}
