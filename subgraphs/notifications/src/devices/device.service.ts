import type { FieldCipher } from '@platform/lib/crypto/field-cipher';
import { versionTagOf } from '@platform/lib/entity-tag';
import { ValidationError } from '@platform/lib/errors';
import { PushDeviceNotFoundError } from './device.errors.js';
import { validate, z } from '@platform/lib/validation';
import type { PushDevice } from './device.entity.js';
import type { DeviceRepository } from './device.repository.js';
import type { DeviceType, RegisterPushDeviceInput } from './device.types.js';

const optionalText = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((value) => value ?? undefined);

const registration = z.object({
  deviceId: z.string().trim().min(1, 'is required').max(255, 'must be at most 255 characters'),
  deviceName: optionalText(255),
  deviceType: optionalText(255),
  fcmToken: optionalText(4096),
  providerPlayerId: optionalText(255),
});

type DeviceFields = Omit<z.infer<typeof registration>, 'deviceId'>;

/** The keys PATCH accepts, in the REST spelling and the graph's. */
const updatableKeys: Record<string, keyof DeviceFields> = {
  fcm_token: 'fcmToken',
  fcmToken: 'fcmToken',
  provider_player_id: 'providerPlayerId',
  providerPlayerId: 'providerPlayerId',
  device_name: 'deviceName',
  deviceName: 'deviceName',
  device_type: 'deviceType',
  deviceType: 'deviceType',
};

const tokenContext = 'device.fcm_token';

export interface DeviceServiceDependencies {
  repository: DeviceRepository;
  cipher: FieldCipher;
  now: () => number;
}

/** Push devices of the signed-in user: list, upsert by device_id, token updates. */
export class DeviceService {
  constructor(private readonly deps: DeviceServiceDependencies) {}

  async list(userId: number): Promise<DeviceType[]> {
    const devices = await this.deps.repository.list(userId);
    return devices.map((device) => this.view(device));
  }

  /**
   * The entity tag of the list `list` answers (issue 28, conditional requests), from one statement: each device's
   * id, update time and token state in order. Every change of a name or a token sets the update time; a token
   * refused by the push provider sets only the state, which is why the state is named. The owner (from the auth
   * subgraph) is not named, as a task's people are not.
   */
  async listTag(userId: number): Promise<string> {
    const rows = await this.deps.repository.listVersion(userId);
    return versionTagOf({
      kind: 'push-device-list',
      items: rows.map(([deviceId, updatedAt, tokenInvalid, invalidSince]) => ({
        id: deviceId,
        state: [isoOrNull(updatedAt), tokenInvalid, isoOrNull(invalidSince)],
      })),
    });
  }

  /** Returns true when the device is new (201), false when an existing one was updated (200). */
  async register(userId: number, input: RegisterPushDeviceInput): Promise<boolean> {
    const { deviceId, ...fields } = validate(registration, input);
    const existing = await this.deps.repository.find(userId, deviceId);
    if (existing) {
      this.apply(existing, fields);
      await this.deps.repository.save();
      return false;
    }
    this.apply(this.deps.repository.add(userId, deviceId), fields);
    if (await this.deps.repository.saveNew()) return true;
    // A concurrent registration of the same device_id won the insert: update that one instead.
    return this.register(userId, input);
  }

  async updateTokens(userId: number, deviceId: string, changes: Record<string, unknown>): Promise<void> {
    const fields: DeviceFields = {};
    for (const [key, value] of Object.entries(changes ?? {})) {
      const field = updatableKeys[key];
      if (!field) throw ValidationError.field(key, 'unknown field');
      if (typeof value !== 'string') throw ValidationError.field(key, 'must be a string');
      fields[field] = validate(registration.shape[field], value);
    }
    if (Object.keys(fields).length === 0) throw ValidationError.field('body', 'at least one field is required');
    const device = await this.deps.repository.find(userId, deviceId);
    if (!device) throw new PushDeviceNotFoundError();
    this.apply(device, fields);
    await this.deps.repository.save();
  }

  /** A new or changed token is presumed valid again (decisions: token_invalid). */
  private apply(device: PushDevice, fields: DeviceFields): void {
    if (fields.deviceName !== undefined) device.deviceName = fields.deviceName;
    if (fields.deviceType !== undefined) device.deviceType = fields.deviceType;
    if (fields.fcmToken !== undefined) device.fcmToken = this.deps.cipher.encrypt(fields.fcmToken, tokenContext);
    if (fields.providerPlayerId !== undefined) device.providerPlayerId = fields.providerPlayerId;
    if (fields.fcmToken !== undefined || fields.providerPlayerId !== undefined) {
      device.tokenInvalid = false;
      device.invalidSince = null;
    }
    device.updatedAt = new Date(this.deps.now());
  }

  private view(device: PushDevice): DeviceType {
    return {
      deviceId: device.deviceId,
      deviceName: device.deviceName,
      deviceType: device.deviceType,
      fcmToken: device.fcmToken && this.deps.cipher.decrypt(device.fcmToken, tokenContext),
      providerPlayerId: device.providerPlayerId,
      tokenInvalid: device.tokenInvalid,
      invalidSince: device.invalidSince?.toISOString() ?? null,
      createdAt: device.createdAt.toISOString(),
      updatedAt: device.updatedAt.toISOString(),
      userId: device.userId,
      user: { id: device.userId },
    };
  }
}

export const fcmTokenCipherContext = tokenContext;

/** A time of a device's version as the answer shows it, to the millisecond. */
const isoOrNull = (time: string | null) => (time === null ? null : new Date(time).toISOString());
