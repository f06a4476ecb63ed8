import type { EntityManager } from '@mikro-orm/postgresql';
import { runStatement, type PreparedStatement } from '@platform/lib/database';
import { ConfirmationPush, type PushStatus } from './confirmation-push.entity.js';

/** A push left pending, with what its message is built from. */
export interface StalePush {
  id: string;
  deviceId: string;
  attempts: number;
  confirmationId: string;
  userId: number;
  actionType: string;
  actionPayload: Record<string, unknown>;
}

/**
 * Hand-written because it claims the rows in the statement that reads them (`update … from … returning`), so of
 * instances resuming at once each row goes to one; only for confirmations still pending within their window.
 */
const claimStaleStatement: PreparedStatement = {
  name: 'auth.confirmation_push.claim_stale',
  text: `
  update "auth"."confirmation_push" p set "updated_at" = $1
  from "auth"."confirmation" c
  where p."status" = 'pending' and p."updated_at" < $2 and c."id" = p."confirmation_id"
    and c."status" = 'pending' and c."expires_at" > $1
  returning p."id", p."device_id" as "deviceId", p."attempts", c."id" as "confirmationId", c."user_id" as "userId",
    c."action_type" as "actionType", c."action_payload" as "actionPayload"`,
};

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

  /** Pending rows last touched before `staleBefore`: their sender stopped mid-send. */
  claimStale(at: Date, staleBefore: Date): Promise<StalePush[]> {
    return runStatement<StalePush>(this.em, claimStaleStatement, [at, staleBefore]);
  }

  async record(id: string, status: PushStatus, attempts: number, errorCode: string | null = null): Promise<void> {
    await this.em.nativeUpdate(ConfirmationPush, { id }, { status, attempts, errorCode, updatedAt: new Date() });
  }
}
