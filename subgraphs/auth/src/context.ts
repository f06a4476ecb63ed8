import type { MikroORM } from '@mikro-orm/postgresql';
import type { GatewayContext } from '@platform/lib/graphql/context';
import type { Platform } from '@platform/lib/platform';
import { AuditLogService } from './audit/audit-log.service.js';
import { AuditWriter } from './audit/audit.service.js';
import { ChallengeSessions } from './challenges/challenge-sessions.js';
import { DeviceRegistrationService } from './devices/device-registration.service.js';
import { DeviceKeys } from './devices/device-keys.js';
import { DeviceKeyCache } from './devices/device-signature.js';
import { DeviceService } from './devices/device.service.js';
import { DirectoryService } from './directory/directory.service.js';
import { BiometricTokenIssuer } from './mobile/biometric-tokens.js';
import { LoginRecords } from './mobile/login-records.js';
import { MobileLoginService } from './mobile/mobile-login.service.js';
import { ServiceTokenService } from './service-tokens/service-token.service.js';
import { SessionService } from './sessions/session.service.js';
import { TokenFamilyService } from './sessions/token-family.service.js';
import { UserService } from './users/user.service.js';

export interface AuthServices {
  audit: AuditWriter;
  auditLog: AuditLogService;
  deviceRegistration: DeviceRegistrationService;
  devices: DeviceService;
  directory: DirectoryService;
  families: TokenFamilyService;
  mobile: MobileLoginService;
  serviceTokens: ServiceTokenService;
  sessions: SessionService;
  users: UserService;
}

export interface AuthContext extends GatewayContext {
  auth: AuthServices;
}

/** Parsed device keys outlive requests: one cache per process (platform). */
const deviceKeyCaches = new WeakMap<Platform, DeviceKeyCache>();

function deviceKeysOf(platform: Platform): DeviceKeys {
  let cache = deviceKeyCaches.get(platform);
  if (!cache) deviceKeyCaches.set(platform, (cache = new DeviceKeyCache()));
  return new DeviceKeys(platform.cipher, cache);
}

/** Per-request state in one place: a forked entity manager, the services over it and their loaders. */
export function createAuthServices(platform: Platform, orm: MikroORM, base: GatewayContext): AuthServices {
  const em = orm.em.fork();
  const actorId = () => (base.caller?.kind === 'user' ? base.caller.userId : undefined);
  const audit = new AuditWriter(em, base.request);
  const families = new TokenFamilyService(em, platform.codec, platform.revocations, platform.now);
  const challenges = new ChallengeSessions(platform.stores.keyValue, platform.now);
  const deviceKeys = deviceKeysOf(platform);
  const securityNotices = platform.notifications.as('auth');
  const { rateLimiter } = platform;
  const issuer = new BiometricTokenIssuer(em, platform.codec, families, platform.now);
  return {
    audit,
    auditLog: new AuditLogService(em),
    deviceRegistration: new DeviceRegistrationService(em, rateLimiter, challenges, deviceKeys, audit, securityNotices),
    devices: new DeviceService(em, rateLimiter, platform.revocations, deviceKeys, audit, securityNotices),
    directory: new DirectoryService(em, audit, actorId),
    families,
    mobile: new MobileLoginService(
      em,
      rateLimiter,
      challenges,
      deviceKeys,
      families,
      issuer,
      audit,
      new LoginRecords(em),
      base,
    ),
    serviceTokens: new ServiceTokenService(em, platform.codec, platform.revocations, audit),
    sessions: new SessionService(em, platform, families, audit, base),
    users: new UserService(em, platform.revocations, audit, actorId),
  };
}
