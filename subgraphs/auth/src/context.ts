import type { MikroORM } from '@mikro-orm/postgresql';
import type { GatewayContext } from '@platform/lib/graphql/context';
import type { Platform } from '@platform/lib/platform';
import { AuditLogService } from './audit/audit-log.service.js';
import { AuditRepository } from './audit/audit.repository.js';
import { AuditWriter } from './audit/audit.service.js';
import { ChallengeSessions } from './challenges/challenge-sessions.js';
import { ConfirmationEvents } from './confirmations/confirmation-events.js';
import type { ConfirmationAnnouncer } from './confirmations/confirmation-pushes.js';
import { ConfirmationRepository } from './confirmations/confirmation.repository.js';
import { ConfirmationService } from './confirmations/confirmation.service.js';
import { DeviceRegistrationService } from './devices/device-registration.service.js';
import { DeviceKeys } from './devices/device-keys.js';
import { DeviceKeyCache } from './devices/device-signature.js';
import { DeviceRepository } from './devices/device.repository.js';
import { DeviceService } from './devices/device.service.js';
import { DirectoryRepository } from './directory/directory.repository.js';
import { DirectoryService } from './directory/directory.service.js';
import { BiometricTokenIssuer } from './mobile/biometric-tokens.js';
import { LoginRepository } from './mobile/login.repository.js';
import { MobileLoginService } from './mobile/mobile-login.service.js';
import { PasskeyKeys } from './passkeys/passkey-keys.js';
import { PasskeyLoginService } from './passkeys/passkey-login.service.js';
import { PasskeyRegistrationService } from './passkeys/passkey-registration.service.js';
import { PasskeyRepository } from './passkeys/passkey.repository.js';
import { PasskeyService } from './passkeys/passkey.service.js';
import { PasskeyVerifier, relyingPartyOf } from './passkeys/relying-party.js';
import { SecurityTimelineService } from './security-timeline/security-timeline.service.js';
import { RevocationRepository } from './revocations/revocation.repository.js';
import { RevocationService } from './revocations/revocation.service.js';
import { ServiceTokenRepository } from './service-tokens/service-token.repository.js';
import { ServiceTokenService } from './service-tokens/service-token.service.js';
import { SessionService } from './sessions/session.service.js';
import { TokenFamilyRepository } from './sessions/token-family.repository.js';
import { TokenFamilyService } from './sessions/token-family.service.js';
import { UnitOfWork } from '@platform/lib/unit-of-work';
import { UserRepository } from './users/user.repository.js';
import { UserService } from './users/user.service.js';

export interface AuthServices {
  audit: AuditWriter;
  auditLog: AuditLogService;
  confirmations: ConfirmationService;
  deviceRegistration: DeviceRegistrationService;
  devices: DeviceService;
  directory: DirectoryService;
  families: TokenFamilyService;
  mobile: MobileLoginService;
  passkeyLogin: PasskeyLoginService;
  passkeyRegistration: PasskeyRegistrationService;
  passkeys: PasskeyService;
  securityTimeline: SecurityTimelineService;
  serviceTokens: ServiceTokenService;
  sessions: SessionService;
  users: UserService;
}

export interface AuthContext extends GatewayContext {
  auth: AuthServices;
}

/** Parsed device keys outlive requests: one cache per process (platform). */
const deviceKeyCaches = new WeakMap<Platform, DeviceKeyCache>();

export function deviceKeysOf(platform: Platform): DeviceKeys {
  let cache = deviceKeyCaches.get(platform);
  if (!cache) deviceKeyCaches.set(platform, (cache = new DeviceKeyCache()));
  return new DeviceKeys(platform.cipher, cache);
}

/**
 * Per-request state in one place: a forked entity manager, the repositories and the unit of work over it, and
 * the services over those with their loaders.
 */
export function createAuthServices(
  platform: Platform,
  orm: MikroORM,
  base: GatewayContext,
  confirmationPushes: ConfirmationAnnouncer,
): AuthServices {
  const em = orm.em.fork();
  const unitOfWork = new UnitOfWork(em);
  const auditEntries = new AuditRepository(em);
  const devices = new DeviceRepository(em);
  const directory = new DirectoryRepository(em);
  const tokenFamilies = new TokenFamilyRepository(em);
  const users = new UserRepository(em);
  const revocations = new RevocationService(
    new RevocationRepository(em),
    unitOfWork,
    platform.revocations,
    platform.now,
  );
  const actorId = () => (base.caller?.kind === 'user' ? base.caller.userId : undefined);
  const audit = new AuditWriter(auditEntries, base.request);
  const families = new TokenFamilyService(tokenFamilies, unitOfWork, platform.codec, revocations, platform.now);
  const challenges = new ChallengeSessions(platform.stores.keyValue, platform.now);
  const deviceKeys = deviceKeysOf(platform);
  const securityNotices = platform.notifications.as('auth');
  const { rateLimiter } = platform;
  const issuer = new BiometricTokenIssuer(platform.codec, families, devices, auditEntries, platform.now);
  const sessions = new SessionService(users, platform, families, audit, base);
  const passkeys = new PasskeyRepository(em);
  const relyingParty = relyingPartyOf(platform.config);
  const passkeyVerifier = new PasskeyVerifier(relyingParty);
  const passkeyKeys = new PasskeyKeys(platform.cipher);
  return {
    audit,
    auditLog: new AuditLogService(auditEntries),
    securityTimeline: new SecurityTimelineService(auditEntries),
    confirmations: new ConfirmationService(
      new ConfirmationRepository(em),
      devices,
      deviceKeys,
      platform.codec,
      platform.cipher,
      rateLimiter,
      new ConfirmationEvents(platform.stores.pubSub, platform.logger),
      confirmationPushes,
      audit,
      platform.now,
    ),
    deviceRegistration: new DeviceRegistrationService(
      devices,
      users,
      unitOfWork,
      rateLimiter,
      challenges,
      deviceKeys,
      audit,
      platform.now,
      securityNotices,
    ),
    devices: new DeviceService(
      devices,
      tokenFamilies,
      rateLimiter,
      revocations,
      deviceKeys,
      audit,
      platform.now,
      securityNotices,
    ),
    directory: new DirectoryService(directory, audit, actorId),
    families,
    mobile: new MobileLoginService(
      devices,
      users,
      rateLimiter,
      challenges,
      deviceKeys,
      families,
      issuer,
      audit,
      new LoginRepository(em),
      base,
    ),
    passkeyLogin: new PasskeyLoginService(
      passkeys,
      users,
      challenges,
      sessions,
      unitOfWork,
      passkeyVerifier,
      passkeyKeys,
      relyingParty,
      platform.config.JWT_SECRET,
      rateLimiter,
      audit,
      base,
      platform.now,
    ),
    passkeyRegistration: new PasskeyRegistrationService(
      passkeys,
      users,
      challenges,
      passkeyVerifier,
      passkeyKeys,
      relyingParty,
      rateLimiter,
      audit,
    ),
    passkeys: new PasskeyService(passkeys, rateLimiter, audit),
    serviceTokens: new ServiceTokenService(new ServiceTokenRepository(em), platform.codec, revocations, audit),
    sessions,
    users: new UserService({ users, directory, revocations, audit }),
  };
}
