import { randomUUID } from 'node:crypto';
import { ArrayType, Entity, PrimaryKey, Property, type Opt } from '@mikro-orm/core';

/** `failing`: a delivery spent its retries; the next delivered one makes it `active` again. */
export type WebhookEndpointStatus = 'active' | 'failing';

/** Where and what to deliver (issue 28, item 1); the secrets are stored encrypted. */
@Entity({ tableName: 'webhook_endpoint' })
export class WebhookEndpoint {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text' })
  url!: string;

  @Property({ type: ArrayType, columnType: 'text[]' })
  events!: string[];

  /** Only this project's events; null: every project's. */
  @Property({ type: 'uuid', nullable: true })
  projectId: string | null = null;

  @Property({ type: 'text' })
  secretEncrypted!: string;

  @Property({ type: 'text', nullable: true })
  previousSecretEncrypted: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  previousSecretUntil: Date | null = null;

  @Property({ type: 'string', length: 16 })
  status: WebhookEndpointStatus & Opt = 'active';

  /** Told in the inbox when the endpoint starts failing. */
  @Property({ type: 'integer' })
  createdByUserId!: number;

  @Property({ type: 'datetime' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}

/** `pending` until the first attempt, `retrying` after a failed one, then `delivered` or `failed`. */
export type WebhookDeliveryStatus = 'pending' | 'retrying' | 'delivered' | 'failed';

/** One event for one endpoint: the delivery log's row. `id` is the `webhook-id` the receiver sees. */
@Entity({ tableName: 'webhook_delivery' })
export class WebhookDelivery {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  endpointId!: string;

  @Property({ type: 'uuid' })
  eventId!: string;

  @Property({ type: 'string', length: 32 })
  eventType!: string;

  /** Exactly the bytes signed and sent, kept for retries and replays. */
  @Property({ type: 'text' })
  body!: string;

  @Property({ type: 'string', length: 16 })
  status: WebhookDeliveryStatus & Opt = 'pending';

  @Property({ type: 'integer' })
  attempts: number & Opt = 0;

  @Property({ type: 'integer', nullable: true })
  responseCode: number | null = null;

  @Property({ type: 'integer', nullable: true })
  durationMs: number | null = null;

  @Property({ type: 'text', nullable: true })
  error: string | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
