import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

export type ConfirmationStatus = 'pending' | 'approved' | 'rejected' | 'expired';

/**
 * An action confirmation (auth spec, Confirmation). The single-use confirmation token is stored AES-256-GCM
 * encrypted (decisions: Encryption at rest); the stored status of a row past its window may still say
 * `pending` until the sweep records it, so readers go through `statusAt`.
 */
@Entity({ tableName: 'confirmation' })
export class Confirmation {
  @PrimaryKey({ type: 'string', length: 64 })
  id!: string;

  @Property({ type: 'integer' })
  userId!: number;

  @Property({ type: 'string', length: 100 })
  actionType!: string;

  @Property({ type: 'json' })
  actionPayload!: Record<string, unknown>;

  @Property({ type: 'string' })
  status!: ConfirmationStatus;

  @Property({ type: 'string', length: 128 })
  challenge!: string;

  @Property({ type: 'text', hidden: true })
  tokenEncrypted!: string;

  @Property({ type: 'uuid', nullable: true })
  deviceId: string | null = null;

  @Property({ type: 'string', length: 500, nullable: true })
  reason: string | null = null;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Property({ type: 'datetime' })
  expiresAt!: Date;

  @Property({ type: 'datetime' })
  updatedAt!: Date;

  /** The two-digit number verify must name, when number matching applies (issue 27, item 2). */
  @Property({ type: 'smallint', nullable: true })
  matchNumber: number | null = null;

  /** Three numbers, one of them `matchNumber`, in the order the phone shows them. */
  @Property({ type: 'json', nullable: true })
  numberChoices: number[] | null = null;

  /** Where the approval was asked: the initiating request's address and User-Agent. */
  @Property({ type: 'string', length: 64, nullable: true })
  requestIp: string | null = null;

  @Property({ type: 'string', length: 512, nullable: true })
  requestUserAgent: string | null = null;
}

/** What a reader sees: a pending confirmation past its window is expired, whether or not the sweep has run. */
export function statusAt(confirmation: Pick<Confirmation, 'status' | 'expiresAt'>, now: number): ConfirmationStatus {
  return confirmation.status === 'pending' && confirmation.expiresAt.getTime() <= now ? 'expired' : confirmation.status;
}
