import { randomUUID } from 'node:crypto';
import type { UserCaller } from '@platform/lib/auth/caller';
import { SessionNotFoundError } from '../challenges/challenge.errors.js';
import type { RateLimiter } from '@platform/lib/rate-limit';
import { validate } from '@platform/lib/validation';
import { audited } from '../audit/audited.js';
import type { AuditWriter } from '../audit/audit.service.js';
import { challengeLifetimes, challengeMessage, type ChallengeSessions } from '../challenges/challenge-sessions.js';
import type { Device, DeviceType } from './device.entity.js';
import type { DeviceRepository } from './device.repository.js';
import { DeviceAlreadyRegisteredError, DeviceLimitReachedError, InvalidSignatureError } from './device.errors.js';
import type { DeviceKeys } from './device-keys.js';
import { parseDevicePublicKey, verifyDeviceSignature, type KeyAlgorithm } from './device-signature.js';
import { registerChallengeInput, verifyRegistrationInput } from './device.validation.js';
import { deviceView, type DeviceView } from './device.views.js';
import type { NotificationProducer } from '@platform/lib/notifications/producer';
import { securityEvents } from '../security-events.js';
import type { UnitOfWork } from '@platform/lib/unit-of-work';
import type { UserRepository } from '../users/user.repository.js';

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

export interface DeviceRegistrationServiceDependencies {
  devices: DeviceRepository;
  users: UserRepository;
  unitOfWork: UnitOfWork;
  rateLimiter: RateLimiter;
  sessions: ChallengeSessions;
  keys: DeviceKeys;
  audit: AuditWriter;
  now: () => number;
  notifications: NotificationProducer;
}

/** Device registration by proof of possession (auth spec, Device registration). */
export class DeviceRegistrationService {
  constructor(private readonly deps: DeviceRegistrationServiceDependencies) {}

  registerChallenge(caller: UserCaller, input: unknown): Promise<RegistrationChallenge> {
    return audited(this.deps.audit, 'device_register_challenge', { userId: caller.userId }, async (trail) => {
      // Every request counts, whatever its answer (decisions: Rate limits): the limits come before any check.
      await this.deps.rateLimiter.charge('deviceRegistration', `user:${caller.userId}`);
      await this.deps.rateLimiter.hit('registerChallenge', `user:${caller.userId}`);
      const values = validate(registerChallengeInput, input);
      const publicKey = parseDevicePublicKey(values.publicKey, values.keyAlgorithm);
      trail.details = { keyAlgorithm: values.keyAlgorithm, keyId: publicKey.keyId, deviceType: values.deviceType };
      await this.refuseConflicts(caller.userId, values.deviceFingerprint);
      const deviceId = randomUUID();
      const session = await this.deps.sessions.open<RegistrationData>(
        'registration',
        {
          userId: caller.userId,
          deviceId,
          deviceName: values.deviceName,
          deviceType: values.deviceType,
          deviceFingerprint: values.deviceFingerprint,
          keyAlgorithm: values.keyAlgorithm,
          keyId: publicKey.keyId,
          sealedPublicKey: this.deps.keys.sealPublicKey(deviceId, values.publicKey),
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
    return audited(this.deps.audit, 'device_register_verify', { userId: caller.userId }, async (trail) => {
      await this.deps.rateLimiter.charge('deviceRegistration', `user:${caller.userId}`);
      const values = validate(verifyRegistrationInput, input);
      const session = await this.deps.sessions.read<RegistrationData>('registration', values.sessionId);
      const data = session.data;
      if (data.userId !== caller.userId) throw new SessionNotFoundError();
      trail.deviceId = data.deviceId;
      trail.challenge = session.challenge;
      const publicKey = this.deps.keys.publicKeyOf({
        id: data.deviceId,
        publicKeyEncrypted: data.sealedPublicKey,
        keyAlgorithm: data.keyAlgorithm,
      });
      const verified = verifyDeviceSignature(publicKey, challengeMessage(session.challenge), values.signedChallenge);
      trail.signature = { algorithm: data.keyAlgorithm, keyId: data.keyId, verified };
      if (!verified) throw new InvalidSignatureError();
      await this.deps.sessions.consume('registration', values.sessionId);
      const device = await this.create(data);
      await this.deps.notifications.raise(securityEvents.deviceRegistered(caller, device.deviceName));
      return { success: true, deviceId: device.id, device: deviceView(device, this.deps.now()) };
    });
  }

  /** The user row is locked so that concurrent registrations cannot pass the limit or the uniqueness check. */
  private create(data: RegistrationData): Promise<Device> {
    return this.deps.unitOfWork.run(async () => {
      await this.deps.users.lockAccount(data.userId);
      await this.refuseConflicts(data.userId, data.deviceFingerprint);
      return this.deps.devices.add({
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

  private async refuseConflicts(userId: number, deviceFingerprint: string): Promise<void> {
    if (await this.deps.devices.fingerprintRegistered(userId, deviceFingerprint))
      throw new DeviceAlreadyRegisteredError();
    if ((await this.deps.devices.countActiveOf(userId)) >= maxDevicesPerUser) {
      throw new DeviceLimitReachedError();
    }
  }
}
