import type { EntityManager } from '@mikro-orm/postgresql';
import type { FieldCipher } from '@platform/lib/crypto/field-cipher';
import type { NotificationProducer } from '@platform/lib/notifications/producer';
import type { Platform } from '@platform/lib/platform';
import type { UnitOfWork } from '@platform/lib/unit-of-work';
import type { AuditWriter } from '../audit/audit.service.js';
import type { ChallengeSessions } from '../challenges/challenge-sessions.js';
import type { RevocationService } from '../revocations/revocation.service.js';
import type { TokenFamilyRepository } from '../sessions/token-family.repository.js';
import type { UserRepository } from '../users/user.repository.js';
import { DeviceRegistrationService } from './device-registration.service.js';
import { DeviceKeys } from './device-keys.js';
import { DeviceKeyCache } from './device-signature.js';
import { DeviceRepository } from './device.repository.js';
import { DeviceService } from './device.service.js';

/** Parsed device keys outlive requests: one set per process, shared by requests and the confirmation pushes. */
export function openDeviceKeys(cipher: FieldCipher): DeviceKeys {
  return new DeviceKeys({ cipher, cache: new DeviceKeyCache() });
}

interface DeviceScope {
  deviceRows: DeviceRepository;
  deviceKeys: DeviceKeys;
  audit: AuditWriter;
  securityNotices: NotificationProducer;
  platform: Pick<Platform, 'rateLimiter' | 'now'>;
}

/** How devices are built for a request (context.ts). */
export const deviceWiring = {
  deviceRows: (scope: { em: EntityManager }) => new DeviceRepository(scope.em),
  devices: (scope: DeviceScope & { tokenFamilyRows: TokenFamilyRepository; revocations: RevocationService }) =>
    new DeviceService({
      devices: scope.deviceRows,
      tokenFamilies: scope.tokenFamilyRows,
      rateLimiter: scope.platform.rateLimiter,
      revocations: scope.revocations,
      keys: scope.deviceKeys,
      audit: scope.audit,
      now: scope.platform.now,
      notifications: scope.securityNotices,
    }),
  deviceRegistration: (
    scope: DeviceScope & { userRows: UserRepository; unitOfWork: UnitOfWork; challenges: ChallengeSessions },
  ) =>
    new DeviceRegistrationService({
      devices: scope.deviceRows,
      users: scope.userRows,
      unitOfWork: scope.unitOfWork,
      rateLimiter: scope.platform.rateLimiter,
      sessions: scope.challenges,
      keys: scope.deviceKeys,
      audit: scope.audit,
      now: scope.platform.now,
      notifications: scope.securityNotices,
    }),
};
