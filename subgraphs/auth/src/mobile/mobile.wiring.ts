import type { EntityManager } from '@mikro-orm/postgresql';
import type { GatewayContext } from '@platform/lib/graphql/context';
import type { Platform } from '@platform/lib/platform';
import type { AuditRepository } from '../audit/audit.repository.js';
import type { AuditWriter } from '../audit/audit.service.js';
import type { ChallengeSessions } from '../challenges/challenge-sessions.js';
import type { DeviceKeys } from '../devices/device-keys.js';
import type { DeviceRepository } from '../devices/device.repository.js';
import type { TokenFamilyService } from '../sessions/token-family.service.js';
import type { UserRepository } from '../users/user.repository.js';
import { BiometricTokenIssuer } from './biometric-tokens.js';
import { DeviceProofBinding } from './device-proof-binding.js';
import { LoginRepository } from './login.repository.js';
import { MobileLoginService } from './mobile-login.service.js';

/** How the biometric login is built for a request (context.ts). */
export const mobileWiring = {
  mobile: (scope: {
    em: EntityManager;
    deviceRows: DeviceRepository;
    userRows: UserRepository;
    auditEntries: AuditRepository;
    challenges: ChallengeSessions;
    deviceKeys: DeviceKeys;
    families: TokenFamilyService;
    audit: AuditWriter;
    request: GatewayContext;
    platform: Pick<Platform, 'codec' | 'rateLimiter' | 'now' | 'config'>;
  }) =>
    new MobileLoginService({
      devices: scope.deviceRows,
      users: scope.userRows,
      rateLimiter: scope.platform.rateLimiter,
      sessions: scope.challenges,
      keys: scope.deviceKeys,
      families: scope.families,
      issuer: new BiometricTokenIssuer({
        codec: scope.platform.codec,
        families: scope.families,
        devices: scope.deviceRows,
        auditEntries: scope.auditEntries,
        now: scope.platform.now,
      }),
      audit: scope.audit,
      logins: new LoginRepository(scope.em),
      proofs: new DeviceProofBinding({ keys: scope.deviceKeys, mode: scope.platform.config.DEVICE_PROOF }),
      request: scope.request.request,
    }),
};
