import type { EntityManager } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { Passkey } from './passkey.entity.js';

export type NewPasskey = Pick<
  Passkey,
  | 'id'
  | 'userId'
  | 'credentialId'
  | 'userHandle'
  | 'publicKeyEncrypted'
  | 'algorithm'
  | 'counter'
  | 'backupEligible'
  | 'backedUp'
  | 'userVerified'
  | 'name'
>;

/** What a verified assertion changes on its credential. */
export interface PasskeyUse {
  counter: number;
  backedUp: boolean;
  at: Date;
}

/** The passkey table. */
export class PasskeyRepository {
  constructor(private readonly em: EntityManager) {}

  /** Oldest first (decisions: Messages). */
  listOf(userId: number): Promise<Passkey[]> {
    return this.em.find(Passkey, { userId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  /** Another user's passkey is not found. */
  findOf(userId: number, id: string): Promise<Passkey | null> {
    return this.em.findOne(Passkey, { id, userId });
  }

  findByCredentialId(credentialId: string): Promise<Passkey | null> {
    return this.em.findOne(Passkey, { credentialId });
  }

  async credentialRegistered(credentialId: string): Promise<boolean> {
    return (await this.em.count(Passkey, { credentialId })) > 0;
  }

  /** The handle the user's passkeys were created with, so that one account keeps one handle. */
  async userHandleOf(userId: number): Promise<string | null> {
    const passkey = await this.em.findOne(
      Passkey,
      { userId },
      { orderBy: { createdAt: 'asc' }, fields: ['userHandle'] },
    );
    return passkey?.userHandle ?? null;
  }

  /** False when another registration took the credential id first (the unique index decides a race). */
  async add(values: NewPasskey): Promise<Passkey | null> {
    const passkey = this.em.create(Passkey, values);
    try {
      await this.em.flush();
      return passkey;
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return null;
      throw error;
    }
  }

  /**
   * Records a verified use with one conditional update: the counter must increase, or stay 0 for an
   * authenticator that keeps none (a synced passkey), so two assertions carrying one counter value cannot both
   * pass. False when the stored counter had already reached it (a cloned authenticator).
   */
  async recordUse(id: string, use: PasskeyUse): Promise<boolean> {
    const counter = use.counter === 0 ? 0 : { $lt: use.counter };
    const changed = await this.em.nativeUpdate(
      Passkey,
      { id, counter },
      { counter: use.counter, backedUp: use.backedUp, lastUsedAt: use.at, updatedAt: use.at },
    );
    return changed === 1;
  }

  async rename(passkey: Passkey, name: string): Promise<void> {
    passkey.name = name;
    await this.em.flush();
  }

  async remove(id: string): Promise<void> {
    await this.em.nativeDelete(Passkey, { id });
  }
}
