import { randomUUID } from 'node:crypto';
import { BigIntType, Entity, PrimaryKey, Property, Unique, type Opt } from '@mikro-orm/core';

/** @simplewebauthn's names: a credential that may sync between devices (BE set) or one bound to its device. */
export type PasskeyDeviceType = 'singleDevice' | 'multiDevice';

/**
 * A registered WebAuthn credential (auth spec, Passkey). The COSE public key is stored AES-256-GCM encrypted
 * (decisions: Encryption at rest); `credentialId` is unique across all users (decisions: Signatures).
 */
@Entity({ tableName: 'passkey' })
export class Passkey {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'integer' })
  userId!: number;

  /** base64url, as the browser sends it. */
  @Unique()
  @Property({ type: 'string', length: 1400 })
  credentialId!: string;

  /** The `user.id` the credential was created with: an assertion's userHandle must equal it. */
  @Property({ type: 'string', length: 128 })
  userHandle!: string;

  @Property({ type: 'text', hidden: true, lazy: false })
  publicKeyEncrypted!: string;

  /** COSE algorithm: -7 (ES256) or -257 (RS256). */
  @Property({ type: 'integer' })
  algorithm!: number;

  /** The authenticator's signature counter, an unsigned 32-bit number: bigint, read as a number. */
  @Property({ type: new BigIntType('number'), hidden: true })
  counter!: number;

  @Property({ type: 'boolean' })
  backupEligible!: boolean;

  @Property({ type: 'boolean' })
  backedUp!: boolean;

  @Property({ type: 'boolean' })
  userVerified!: boolean;

  @Property({ type: 'string', length: 100 })
  name!: string;

  @Property({ type: 'datetime', nullable: true })
  lastUsedAt: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}

export function deviceTypeOf(passkey: Pick<Passkey, 'backupEligible'>): PasskeyDeviceType {
  return passkey.backupEligible ? 'multiDevice' : 'singleDevice';
}
