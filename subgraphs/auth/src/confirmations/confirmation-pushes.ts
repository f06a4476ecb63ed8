import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '@platform/lib/logger';
import type { PushMessage, PushProvider } from '@platform/lib/push/fcm';
import type { Device } from '../devices/device.entity.js';
import type { DeviceKeys } from '../devices/device-keys.js';
import { DeviceRepository } from '../devices/device.repository.js';
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

export interface PushRetry {
  attempts: number;
  firstDelayMs: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A send under way is never this old (three attempts with backoff take seconds): one this old was abandoned. */
const abandonedAfterMs = 60_000;

const defaultRetry: PushRetry = { attempts: 3, firstDelayMs: 500 };

export interface ConfirmationPushesDependencies {
  entityManager: () => EntityManager;
  keys: DeviceKeys;
  fcm: PushProvider | null;
  logger: Logger;
  now: () => number;
  /** Three attempts, 500 ms apart and doubling, unless given. */
  retry?: PushRetry;
}

/**
 * Pushes a confirmation request to each of the user's devices holding a push token, through the one FCM client
 * (lib/push/fcm.ts), after initiate has answered. Each device gets a row with its delivery status, written
 * `pending` before sending: `sent` once FCM accepted it, `failed` when FCM called the token invalid (the token
 * is then removed from the device) or every attempt failed (a transient failure is retried with backoff).
 * Without FCM the rows stay `pending`. A row left `pending` by an instance that stopped mid-send is sent again
 * by `resume`, which the expiry sweep runs. One per process.
 */
export class ConfirmationPushes implements ConfirmationAnnouncer {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly deps: ConfirmationPushesDependencies) {}

  announce(confirmation: ConfirmationRequest): void {
    const run: Promise<void> = this.push(confirmation)
      .catch((error: unknown) =>
        this.deps.logger.error({ err: error, confirmationId: confirmation.id }, 'confirmation push not sent'),
      )
      .finally(() => this.inFlight.delete(run));
    this.inFlight.add(run);
  }

  /** Sends again the pushes an instance abandoned, while their confirmation is pending; returns how many. */
  async resume(): Promise<number> {
    if (!this.deps.fcm) return 0;
    const fcm = this.deps.fcm;
    const em = this.deps.entityManager();
    const devices = new DeviceRepository(em);
    const pushes = new ConfirmationPushRepository(em);
    const now = this.deps.now();
    const stale = await pushes.claimStale(new Date(now), new Date(now - abandonedAfterMs));
    await Promise.all(
      stale.map(async (row) => {
        const device = await devices.findActive(row.deviceId);
        if (!device?.fcmTokenEncrypted) return pushes.record(row.id, 'failed', row.attempts, 'no-token');
        const message = confirmationPushMessage({ ...row, id: row.confirmationId });
        return this.deliver(fcm, device, row.id, message, devices, pushes, row.attempts);
      }),
    );
    return stale.length;
  }

  /** Lets the pushes under way finish, then closes the FCM client. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
    await this.deps.fcm?.close();
  }

  private async push(confirmation: ConfirmationRequest): Promise<void> {
    const em = this.deps.entityManager();
    const devices = new DeviceRepository(em);
    const pushes = new ConfirmationPushRepository(em);
    const targets = await devices.listPushTargetsOf(confirmation.userId);
    if (targets.length === 0) return;
    const rows = await pushes.addPending(
      confirmation.id,
      targets.map((device) => device.id),
    );
    if (!this.deps.fcm) {
      this.deps.logger.info(
        { confirmationId: confirmation.id, devices: targets.length },
        'push is disabled (FCM_ENABLED is not true): confirmation request recorded as pending',
      );
      return;
    }
    const message = confirmationPushMessage(confirmation);
    await Promise.all(
      targets.map((device, index) => this.deliver(this.deps.fcm!, device, rows[index]!.id, message, devices, pushes)),
    );
  }

  private async deliver(
    fcm: PushProvider,
    device: Device,
    pushId: string,
    message: PushMessage,
    devices: DeviceRepository,
    pushes: ConfirmationPushRepository,
    earlierAttempts = 0,
  ): Promise<void> {
    const token = this.deps.keys.openPushToken(device)!;
    const retry = this.deps.retry ?? defaultRetry;
    for (let attempt = earlierAttempts + 1; ; attempt += 1) {
      try {
        const { invalidTokens } = await fcm.send([token], message);
        if (invalidTokens.length === 0) return await pushes.record(pushId, 'sent', attempt);
        await devices.removePushToken(device.id, device.fcmTokenEncrypted!);
        this.deps.logger.warn({ deviceId: device.id }, 'push token refused by FCM: removed from the device');
        return await pushes.record(pushId, 'failed', attempt, 'invalid-token');
      } catch (error) {
        if (attempt - earlierAttempts >= retry.attempts) {
          this.deps.logger.error({ err: error, deviceId: device.id }, 'confirmation push failed');
          const code = error instanceof Error ? error.message.slice(0, 100) : 'send-failed';
          return await pushes.record(pushId, 'failed', attempt, code);
        }
        await pause(retry.firstDelayMs * 2 ** (attempt - 1));
      }
    }
  }
}
