import type { EntityManager } from '@mikro-orm/postgresql';
import type { JobEngine, QueueOptions } from '@platform/lib/jobs/job-engine';
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

/** What initiate depends on: hands the request over and returns at once; it never fails the caller. */
export interface ConfirmationAnnouncer {
  announce(confirmation: ConfirmationRequest): void;
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

/** A pending row not touched for this long belongs to no job any more (its job was lost or dead-lettered). */
const abandonedAfterMs = 60_000;

export interface ConfirmationPushesDependencies {
  entityManager: () => EntityManager;
  keys: DeviceKeys;
  fcm: PushProvider | null;
  jobs: JobEngine;
  logger: Logger;
  now: () => number;
}

/**
 * Pushes a confirmation request to each of the user's devices holding a push token, through the one FCM client
 * (lib/push/fcm.ts), as a job of the process's job engine (lib/jobs/job-engine.ts) after initiate has written
 * the confirmation. Each device gets a row with its delivery status, written `pending` before sending: `sent`
 * once FCM accepted it, `failed` when FCM called the token invalid (the token is then removed from the device)
 * or the job's last attempt failed (a transient failure fails the job, which pg-boss retries with backoff,
 * sending again only the rows still pending; a job out of retries goes to the dead-letter queue). Without FCM
 * the rows stay `pending`. One per process.
 */
export class ConfirmationPushes implements ConfirmationAnnouncer {
  private readonly inFlight = new Set<Promise<void>>();

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

  announce(confirmation: ConfirmationRequest): void {
    const run: Promise<void> = this.deps.jobs
      .send(pushQueue, confirmation)
      .then(() => undefined)
      .catch((error: unknown) =>
        this.deps.logger.error({ err: error, confirmationId: confirmation.id }, 'confirmation push not queued'),
      )
      .finally(() => this.inFlight.delete(run));
    this.inFlight.add(run);
  }

  /**
   * Queues again the pushes left pending past any job's life (a job lost with its instance, or dead-lettered),
   * while their confirmation is pending; returns how many rows. The expiry sweep runs it.
   */
  async resume(): Promise<number> {
    if (!this.deps.fcm) return 0;
    const pushes = new ConfirmationPushRepository(this.deps.entityManager());
    const now = this.deps.now();
    const stale = await pushes.claimStale(new Date(now), new Date(now - abandonedAfterMs));
    const confirmations = new Map(stale.map((row) => [row.confirmationId, row]));
    for (const row of confirmations.values()) {
      const { confirmationId: id, userId, actionType, actionPayload } = row;
      await this.deps.jobs.send(pushQueue, { id, userId, actionType, actionPayload } satisfies ConfirmationRequest);
    }
    return stale.length;
  }

  /** Stops this process's worker (its job under way finishes), then closes the FCM client. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
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

  /** One send to one device; answers the transient error that left its row pending for a retry. */
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
        return void (await pushes.record(row.id, 'failed', attempt, code));
      }
      await pushes.record(row.id, 'pending', attempt);
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
