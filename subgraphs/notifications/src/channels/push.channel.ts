import type { FieldCipher } from '@platform/lib/crypto/field-cipher';
import { fcmTokenCipherContext } from '../devices/device.service.js';
import type { DeviceRepository } from '../devices/device.repository.js';
import type { PushSender } from '../jobs/job.processor.js';
import type { StoredJob } from '../jobs/job.repository.js';
import type { PushMessage, PushProvider } from './push-providers.js';

export interface PushChannelDependencies {
  devices: DeviceRepository;
  cipher: FieldCipher;
  fcm: PushProvider | null;
  oneSignal: PushProvider | null;
}

/**
 * Push to every valid device of a user, through FCM (fcm_token) and OneSignal (provider_player_id). A
 * token a provider calls invalid marks its device token_invalid with invalid_since (decisions).
 */
export class PushChannel implements PushSender {
  constructor(private readonly deps: PushChannelDependencies) {}

  async send(job: StoredJob, userId: number): Promise<void> {
    const devices = await this.deps.devices.pushTargets(userId);
    const message: PushMessage = {
      title: job.request.title ?? 'Notification',
      body: job.request.message,
      data: Object.fromEntries(
        Object.entries({
          jobId: job.id,
          targetLink: job.request.targetLink,
          targetId: job.request.targetId,
          targetType: job.request.targetType,
          triggerEvent: job.request.triggerEvent,
        }).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      ),
    };
    const fcmTokens = new Map<string, string>();
    const playerIds = new Map<string, string>();
    for (const device of devices) {
      if (device.fcm_token) fcmTokens.set(this.deps.cipher.decrypt(device.fcm_token, fcmTokenCipherContext), device.id);
      if (device.provider_player_id) playerIds.set(device.provider_player_id, device.id);
    }
    await Promise.all([
      this.through(this.deps.fcm, fcmTokens, message),
      this.through(this.deps.oneSignal, playerIds, message),
    ]);
  }

  private async through(provider: PushProvider | null, tokens: Map<string, string>, message: PushMessage) {
    if (!provider || tokens.size === 0) return;
    const { invalidTokens } = await provider.send([...tokens.keys()], message);
    const deviceIds = invalidTokens.map((token) => tokens.get(token)).filter((id): id is string => Boolean(id));
    if (deviceIds.length === 0) return;
    await this.deps.devices.markTokensInvalid(deviceIds);
  }
}
