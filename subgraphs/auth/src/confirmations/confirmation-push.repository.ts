import type { EntityManager } from '@mikro-orm/postgresql';
import { ConfirmationPush, type PushStatus } from './confirmation-push.entity.js';

/** The confirmation_push table. */
export class ConfirmationPushRepository {
  constructor(private readonly em: EntityManager) {}

  /** One pending row per device, written before anything is sent. */
  async addPending(confirmationId: string, deviceIds: string[]): Promise<ConfirmationPush[]> {
    const rows = deviceIds.map((deviceId) => this.em.create(ConfirmationPush, { confirmationId, deviceId }));
    await this.em.flush();
    return rows;
  }

  /** The rows of one confirmation, one per device it was pushed to. */
  ofConfirmation(confirmationId: string): Promise<ConfirmationPush[]> {
    return this.em.find(ConfirmationPush, { confirmationId });
  }

  async record(id: string, status: PushStatus, attempts: number, errorCode: string | null = null): Promise<void> {
    await this.em.nativeUpdate(ConfirmationPush, { id }, { status, attempts, errorCode, updatedAt: new Date() });
  }
}
