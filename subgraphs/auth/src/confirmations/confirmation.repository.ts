import type { EntityManager } from '@mikro-orm/postgresql';
import { runStatement, transactionClient, type PreparedStatement } from '@platform/lib/database';
import type { SqlClient } from '@platform/lib/jobs/job-engine';
import { Confirmation, type ConfirmationStatus } from './confirmation.entity.js';

export type NewConfirmation = Omit<Confirmation, 'deviceId' | 'reason'>;

/** A decision applied to a pending confirmation. */
export interface Decision {
  status: Extract<ConfirmationStatus, 'approved' | 'rejected'>;
  deviceId: string | null;
  reason: string | null;
  at: Date;
}

export interface ExpiredConfirmation {
  id: string;
  userId: number;
  challenge: string;
}

/**
 * Hand-written because the sweep needs the rows it expired (for their audit entries and events), which an ORM
 * bulk update does not return; one statement, so of two instances sweeping at once each row goes to one.
 */
const expireStatement: PreparedStatement = {
  name: 'auth.confirmation.expire',
  text: `
  update "auth"."confirmation" set "status" = 'expired', "updated_at" = $1
  where "status" = 'pending' and "expires_at" <= $1
  returning "id", "user_id" as "userId", "challenge"`,
};

/**
 * What a confirmation's version is made of (issue 28, conditional requests): its stored status and window, which
 * give the status a reader sees now (`statusAt`), and its update time; the rest of it is fixed when it starts.
 */
const versionStatement: PreparedStatement = {
  name: 'auth.confirmation.version',
  text: `select "status", "expires_at" as "expiresAt", "updated_at" as "updatedAt"
    from "auth"."confirmation" where "id" = $1 and "user_id" = $2`,
};

/** A confirmation's version as one statement reads it: its times as the driver gives them (Date or text). */
export interface ConfirmationVersion {
  status: ConfirmationStatus;
  expiresAt: Date | string;
  updatedAt: Date | string;
}

/** The confirmation table. */
export class ConfirmationRepository {
  constructor(private readonly em: EntityManager) {}

  /** Writes the row and runs `alongside` on its transaction's connection: both commit, or neither does. */
  async add(values: NewConfirmation, alongside: (client: SqlClient) => Promise<void>): Promise<void> {
    await this.em.transactional(async (em) => {
      em.create(Confirmation, values);
      await em.flush();
      await alongside(await transactionClient(em));
    });
  }

  /** Another user's confirmation is not found (decisions). */
  findOf(userId: number, id: string): Promise<Confirmation | null> {
    return this.em.findOne(Confirmation, { id, userId });
  }

  /** The version of the user's confirmation, or null where `findOf` finds none (one statement, no whole row). */
  async versionOf(userId: number, id: string): Promise<ConfirmationVersion | null> {
    const [row] = await runStatement<ConfirmationVersion>(this.em, versionStatement, [id, userId]);
    return row ?? null;
  }

  /**
   * The single use: one conditional update, so of any number of concurrent verifies and rejects exactly one
   * finds the row still pending and within its window (PostgreSQL re-checks the condition after a concurrent
   * writer commits). True for the winner.
   */
  async decide(id: string, decision: Decision): Promise<boolean> {
    const changed = await this.em.nativeUpdate(
      Confirmation,
      { id, status: 'pending', expiresAt: { $gt: decision.at } },
      { status: decision.status, deviceId: decision.deviceId, reason: decision.reason, updatedAt: decision.at },
    );
    return changed === 1;
  }

  /** Records every pending confirmation past its window as expired; returns those it changed. */
  expireDue(at: Date): Promise<ExpiredConfirmation[]> {
    return runStatement<ExpiredConfirmation>(this.em, expireStatement, [at]);
  }
}
