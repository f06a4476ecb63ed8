import type { EntityManager } from '@mikro-orm/postgresql';
import type { JobEngine, QueueOptions, SqlClient } from '@platform/lib/jobs/job-engine';
import type { Logger } from '@platform/lib/logger';
import type { PushMessage, PushProvider } from '@platform/lib/push/fcm';
import type { DeviceKeys } from '../devices/device-keys.js';
import { DeviceRepository } from '../devices/device.repository.js';
import type { ConfirmationPush } from './confirmation-push.entity.js';
import { confirmationPushMessage } from './confirmation-push.js';
import { ConfirmationPushRepository } from './confirmation-push.repository.js';

export interface ConfirmationRequest {
  id: string;
  userId: number;
  actionType: string;
  actionPayload: Record<string, unknown>;
}

/** What initiate depends on: queues the push job inside initiate's transaction (one insert, nothing sent). */
export interface ConfirmationPushQueue {
  queue(confirmation: ConfirmationRequest, within: SqlClient): Promise<void>;
}

/** pg-boss retries of a push job: three attempts in all, 1-2 s then 2-4 s apart (pg-boss's jittered backoff). */
export const pushQueue = 'confirmation-pushes';
const pushQueueOptions: QueueOptions = {
  retryLimit: 2,
  retryDelay: 1,
  retryBackoff: true,
  // A send under way is never this old: the job of a worker that died is retried by pg-boss.
  expireInSeconds: 60,
  deadLetter: 'confirmation-pushes-dead',
};

export interface ConfirmationPushesDependencies {
  entityManager: () => EntityManager;
  keys: DeviceKeys;
  fcm: PushProvider | null;
  jobs: JobEngine;
  logger: Logger;
}

/**
 * Pushes a confirmation request to each of the user's devices holding a push token, through the one FCM client
 * (lib/push/fcm.ts), as a job of the process's job engine (lib/jobs/job-engine.ts) queued in the transaction that
 * writes the confirmation, so no confirmation is without its job (a worker that dies mid-send leaves its job
 * active: pg-boss retries it once it expires). Each device gets a row with its delivery status, written `pending` before sending: `sent`
 * once FCM accepted it, `failed` when FCM called the token invalid (the token is then removed from the device)
 * or the job's last attempt failed (a transient failure fails the job, which pg-boss retries with backoff,
 * sending again only the rows still pending; a job whose last attempt failed goes to the dead-letter queue). Without FCM
 * the rows stay `pending`. One per process.
 */
export class ConfirmationPushes implements ConfirmationPushQueue {
  constructor(private readonly deps: ConfirmationPushesDependencies) {}

  /** Creates the queue and this process's worker on it. */
  async start(): Promise<void> {
    await this.deps.jobs.queue(pushQueue, pushQueueOptions);
    // Several at once: one user's slow FCM send does not hold back another user's push.
    await this.deps.jobs.work<ConfirmationRequest>(
      pushQueue,
      (confirmation, attempt) => this.push(confirmation, attempt.retryCount >= attempt.retryLimit),
      { concurrency: 4 },
    );
  }

  async queue(confirmation: ConfirmationRequest, within: SqlClient): Promise<void> {
    // pg-boss inserts nothing (and answers null) when the queue does not exist: initiate fails rather than
    // leave a confirmation no push job will ever serve.
    if (!(await this.deps.jobs.send(pushQueue, confirmation, { within }))) {
      throw new Error('confirmation push not queued');
    }
  }

  /** Stops this process's worker (its job under way finishes), then closes the FCM client. */
  async close(): Promise<void> {
    await this.deps.jobs.stopWork(pushQueue);
    await this.deps.fcm?.close();
  }

  /** One attempt at the rows still pending; throws (pg-boss retries) when a transient failure left one pending. */
  private async push(confirmation: ConfirmationRequest, lastAttempt: boolean): Promise<void> {
    const em = this.deps.entityManager();
    const devices = new DeviceRepository(em);
    const pushes = new ConfirmationPushRepository(em);
    const pending = await this.pendingRows(confirmation, devices, pushes);
    if (pending.length === 0) return;
    if (!this.deps.fcm) {
      this.deps.logger.info(
        { confirmationId: confirmation.id, devices: pending.length },
        'push is disabled (FCM_ENABLED is not true): confirmation request recorded as pending',
      );
      return;
    }
    const message = confirmationPushMessage(confirmation);
    const fcm = this.deps.fcm;
    const outcomes = await Promise.all(
      pending.map((row) => this.deliver({ fcm, row, message, devices, pushes, lastAttempt })),
    );
    const failure = outcomes.find((outcome) => outcome !== undefined);
    if (failure) throw failure;
  }

  /** At the first attempt, one pending row per device with a push token; at a retry, the rows left pending. */
  private async pendingRows(
    confirmation: ConfirmationRequest,
    devices: DeviceRepository,
    pushes: ConfirmationPushRepository,
  ): Promise<ConfirmationPush[]> {
    const rows = await pushes.ofConfirmation(confirmation.id);
    if (rows.length > 0) return rows.filter((row) => row.status === 'pending');
    const targets = await devices.listPushTargetsOf(confirmation.userId);
    if (targets.length === 0) return [];
    return pushes.addPending(
      confirmation.id,
      targets.map((device) => device.id),
    );
  }

  /**
   * One send to one device; answers the transient error that failed it, which fails the job: pg-boss retries it
   * (the row left pending) or, at the last attempt (the row recorded failed), moves it to the dead-letter queue.
   */
  private async deliver({ fcm, row, message, devices, pushes, lastAttempt }: Delivery): Promise<Error | undefined> {
    const attempt = row.attempts + 1;
    const device = await devices.findActive(row.deviceId);
    if (!device?.fcmTokenEncrypted) return void (await pushes.record(row.id, 'failed', row.attempts, 'no-token'));
    const token = this.deps.keys.openPushToken(device)!;
    try {
      const { invalidTokens } = await fcm.send([token], message);
      if (invalidTokens.length === 0) return void (await pushes.record(row.id, 'sent', attempt));
      await devices.removePushToken(device.id, device.fcmTokenEncrypted);
      this.deps.logger.warn({ deviceId: device.id }, 'push token refused by FCM: removed from the device');
      return void (await pushes.record(row.id, 'failed', attempt, 'invalid-token'));
    } catch (error) {
      if (lastAttempt) {
        this.deps.logger.error({ err: error, deviceId: device.id }, 'confirmation push failed');
        const code = error instanceof Error ? error.message.slice(0, 100) : 'send-failed';
        await pushes.record(row.id, 'failed', attempt, code);
      } else {
        await pushes.record(row.id, 'pending', attempt);
      }
      return error instanceof Error ? error : new Error('confirmation push failed');
    }
  }
}

interface Delivery {
  fcm: PushProvider;
  row: ConfirmationPush;
  message: PushMessage;
  devices: DeviceRepository;
  pushes: ConfirmationPushRepository;
  lastAttempt: boolean;
}
