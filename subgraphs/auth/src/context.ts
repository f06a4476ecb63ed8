import type { EntityManager } from '@mikro-orm/postgresql';
import type { GatewayContext } from '@platform/lib/graphql/context';
import type { ServicesFactory, SubgraphShared } from '@platform/lib/graphql/subgraph';
import { lazyScope } from '@platform/lib/lazy-scope';
import type { NotificationProducer } from '@platform/lib/notifications/producer';
import type { Platform } from '@platform/lib/platform';
import { UnitOfWork } from '@platform/lib/unit-of-work';
import type { AuditLogService } from './audit/audit-log.service.js';
import type { AuditRepository } from './audit/audit.repository.js';
import type { AuditWriter } from './audit/audit.service.js';
import { auditWiring } from './audit/audit.wiring.js';
import type { ChallengeSessions } from './challenges/challenge-sessions.js';
import { challengeWiring } from './challenges/challenge.wiring.js';
import type { ConfirmationPushQueue } from './confirmations/confirmation-pushes.js';
import type { ConfirmationService } from './confirmations/confirmation.service.js';
import { confirmationWiring } from './confirmations/confirmation.wiring.js';
import type { DeviceRegistrationService } from './devices/device-registration.service.js';
import type { DeviceKeys } from './devices/device-keys.js';
import type { DeviceRepository } from './devices/device.repository.js';
import type { DeviceService } from './devices/device.service.js';
import { deviceWiring } from './devices/device.wiring.js';
import type { DirectoryRepository } from './directory/directory.repository.js';
import type { DirectoryService } from './directory/directory.service.js';
import { directoryWiring } from './directory/directory.wiring.js';
import type { MobileLoginService } from './mobile/mobile-login.service.js';
import { mobileWiring } from './mobile/mobile.wiring.js';
import type { PasskeyKeys } from './passkeys/passkey-keys.js';
import type { PasskeyLoginService } from './passkeys/passkey-login.service.js';
import type { PasskeyRegistrationService } from './passkeys/passkey-registration.service.js';
import type { PasskeyRepository } from './passkeys/passkey.repository.js';
import type { PasskeyService } from './passkeys/passkey.service.js';
import { passkeyWiring } from './passkeys/passkey.wiring.js';
import type { PasskeyVerifier, RelyingParty } from './passkeys/relying-party.js';
import type { RevocationService } from './revocations/revocation.service.js';
import { revocationWiring } from './revocations/revocation.wiring.js';
import type { SecurityTimelineService } from './security-timeline/security-timeline.service.js';
import { securityTimelineWiring } from './security-timeline/security-timeline.wiring.js';
import type { SessionManagementService } from './session-management/session-management.service.js';
import { sessionManagementWiring } from './session-management/session-management.wiring.js';
import type { ServiceTokenService } from './service-tokens/service-token.service.js';
import { serviceTokenWiring } from './service-tokens/service-token.wiring.js';
import type { SessionService } from './sessions/session.service.js';
import { sessionWiring } from './sessions/session.wiring.js';
import type { TokenFamilyRepository } from './sessions/token-family.repository.js';
import type { TokenFamilyService } from './sessions/token-family.service.js';
import type { UserRepository } from './users/user.repository.js';
import type { UserService } from './users/user.service.js';
import { userWiring } from './users/user.wiring.js';

/** The auth subgraph's process-wide parts: the subgraph's own besides the ORM and the platform. */
export interface AuthShared extends SubgraphShared {
  /** Parsed device public keys, cached for the process. */
  deviceKeys: DeviceKeys;
  confirmationPushes: ConfirmationPushQueue;
}

/** What resolvers and the edge reach: the services only. */
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
  sessionManagement: SessionManagementService;
  sessions: SessionService;
  users: UserService;
}

export interface AuthContext extends GatewayContext {
  auth: AuthServices;
}

/** Everything a request's services are built from, each part built on its first use (lib/lazy-scope.ts). */
interface AuthScope extends AuthServices {
  platform: Platform;
  request: GatewayContext;
  deviceKeys: DeviceKeys;
  confirmationPushes: ConfirmationPushQueue;
  securityNotices: NotificationProducer;
  em: EntityManager;
  unitOfWork: UnitOfWork;
  auditEntries: AuditRepository;
  challenges: ChallengeSessions;
  deviceRows: DeviceRepository;
  directoryRows: DirectoryRepository;
  passkeyRows: PasskeyRepository;
  passkeyKeys: PasskeyKeys;
  passkeyVerifier: PasskeyVerifier;
  relyingParty: RelyingParty;
  revocations: RevocationService;
  tokenFamilyRows: TokenFamilyRepository;
  userRows: UserRepository;
}

/**
 * Per-request state in one place: a forked entity manager, the repositories and the unit of work over it, and
 * the services over those with their loaders, each built when the request first needs it. How each feature's
 * parts are built is the feature's own (`x.wiring.ts`).
 */
export const createAuthServices: ServicesFactory<AuthShared, AuthServices> = (shared, request) =>
  lazyScope<AuthScope>({
    platform: () => shared.platform,
    request: () => request,
    deviceKeys: () => shared.deviceKeys,
    confirmationPushes: () => shared.confirmationPushes,
    securityNotices: () => shared.platform.notifications.as('auth'),
    em: () => shared.orm.em.fork(),
    unitOfWork: (scope) => new UnitOfWork(scope.em),
    ...auditWiring,
    ...challengeWiring,
    ...confirmationWiring,
    ...deviceWiring,
    ...directoryWiring,
    ...mobileWiring,
    ...passkeyWiring,
    ...revocationWiring,
    ...securityTimelineWiring,
    ...serviceTokenWiring,
    ...sessionManagementWiring,
    ...sessionWiring,
    ...userWiring,
  });
