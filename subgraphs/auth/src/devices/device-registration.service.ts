import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { UserCaller } from '@platform/lib/auth/caller';
import { SessionNotFoundError } from '@platform/lib/errors';
import type { RateLimiter } from '@platform/lib/rate-limit';
import { validate } from '@platform/lib/validation';
import { audited } from '../audit/audited.js';
import type { AuditWriter } from '../audit/audit.service.js';
import { challengeLifetimes, challengeMessage, type ChallengeSessions } from '../challenges/challenge-sessions.js';
import { Device, type DeviceType } from './device.entity.js';
import { DeviceAlreadyRegisteredError, DeviceLimitReachedError, InvalidSignatureError } from './device.errors.js';
import type { DeviceKeys } from './device-keys.js';
import { parseDevicePublicKey, verifyDeviceSignature, type KeyAlgorithm } from './device-signature.js';
import { registerChallengeInput, verifyRegistrationInput } from './device.validation.js';
import { deviceView, type DeviceView } from './device.views.js';
import type { NotificationProducer } from '@platform/lib/notifications/producer';
import { securityEvents } from '../security-events.js';

/** decisions: Device limit, 10 active devices per user. */
export const maxDevicesPerUser = 10;

/** What a registration session holds until it is verified; the public key travels sealed. */
interface RegistrationData {
  userId: number;
  deviceId: string;
  deviceName: string;
  deviceType: DeviceType;
  deviceFingerprint: string;
  keyAlgorithm: KeyAlgorithm;
  keyId: string;
  sealedPublicKey: string;
}

export interface RegistrationChallenge {
  challenge: string;
  expiresAt: string;
  deviceId: string;
  sessionId: string;
}

export interface RegistrationResult {
  success: true;
  deviceId: string;
  device: DeviceView;
}

/** Device registration by proof of possession (auth spec, Device registration). */
export class DeviceRegistrationService {
  constructor(
    private readonly em: EntityManager,
    private readonly rateLimiter: RateLimiter,
    private readonly sessions: ChallengeSessions,
    private readonly keys: DeviceKeys,
    private readonly audit: AuditWriter,
    private readonly notifications?: NotificationProducer,
  ) {}

  registerChallenge(caller: UserCaller, input: unknown): Promise<RegistrationChallenge> {
    return audited(this.audit, 'device_register_challenge', { userId: caller.userId }, async (trail) => {
      const values = validate(registerChallengeInput, input);
      const publicKey = parseDevicePublicKey(values.publicKey, values.keyAlgorithm);
      trail.details = { keyAlgorithm: values.keyAlgorithm, keyId: publicKey.keyId, deviceType: values.deviceType };
      await this.refuseConflicts(this.em, caller.userId, values.deviceFingerprint);
      await this.rateLimiter.charge('deviceRegistration', `user:${caller.userId}`);
      await this.rateLimiter.hit('registerChallenge', `user:${caller.userId}`);
      const deviceId = randomUUID();
      const session = await this.sessions.open<RegistrationData>(
        'registration',
        {
          userId: caller.userId,
          deviceId,
          deviceName: values.deviceName,
          deviceType: values.deviceType,
          deviceFingerprint: values.deviceFingerprint,
          keyAlgorithm: values.keyAlgorithm,
          keyId: publicKey.keyId,
          sealedPublicKey: this.keys.sealPublicKey(deviceId, values.publicKey),
        },
        challengeLifetimes.registrationMs,
      );
      trail.deviceId = deviceId;
      trail.challenge = session.challenge;
      return { challenge: session.challenge, expiresAt: session.expiresAt, deviceId, sessionId: session.sessionId };
    });
  }

  /**
   * Checks the signature against the session as read, and only then consumes it: a wrong signature leaves
   * the session usable, and of concurrent correct ones only the consumer that wins creates the device.
   */
  verifyRegistration(caller: UserCaller, input: unknown): Promise<RegistrationResult> {
    return audited(this.audit, 'device_register_verify', { userId: caller.userId }, async (trail) => {
      const values = validate(verifyRegistrationInput, input);
      await this.rateLimiter.charge('deviceRegistration', `user:${caller.userId}`);
      const session = await this.sessions.read<RegistrationData>('registration', values.sessionId);
      const data = session.data;
      if (data.userId !== caller.userId) throw new SessionNotFoundError();
      trail.deviceId = data.deviceId;
      trail.challenge = session.challenge;
      const publicKey = this.keys.publicKeyOf({
        id: data.deviceId,
        publicKeyEncrypted: data.sealedPublicKey,
        keyAlgorithm: data.keyAlgorithm,
      });
      const verified = verifyDeviceSignature(publicKey, challengeMessage(session.challenge), values.signedChallenge);
      trail.signature = { algorithm: data.keyAlgorithm, keyId: data.keyId, verified };
      if (!verified) throw new InvalidSignatureError();
      await this.sessions.consume('registration', values.sessionId);
      const device = await this.create(data);
      await this.notifications?.raise(securityEvents.deviceRegistered(caller, device.deviceName));
      return { success: true, deviceId: device.id, device: deviceView(device) };
    });
  }

  /** The user row is locked so that concurrent registrations cannot pass the limit or the uniqueness check. */
  private create(data: RegistrationData): Promise<Device> {
    return this.em.transactional(async (em) => {
      await em.execute('select "id" from "auth"."user_account" where "id" = ? for update', [data.userId]);
      await this.refuseConflicts(em, data.userId, data.deviceFingerprint);
      return em.create(Device, {
        id: data.deviceId,
        userId: data.userId,
        deviceName: data.deviceName,
        deviceType: data.deviceType,
        deviceFingerprint: data.deviceFingerprint,
        publicKeyEncrypted: data.sealedPublicKey,
        keyAlgorithm: data.keyAlgorithm,
        keyId: data.keyId,
      });
    });
  }

  private async refuseConflicts(em: EntityManager, userId: number, deviceFingerprint: string): Promise<void> {
    if (await em.count(Device, { userId, deviceFingerprint })) throw new DeviceAlreadyRegisteredError();
    if ((await em.count(Device, { userId, isActive: true })) >= maxDevicesPerUser) {
      throw new DeviceLimitReachedError();
    }
  }
}
