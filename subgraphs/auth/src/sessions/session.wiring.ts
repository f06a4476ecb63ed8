import type { EntityManager } from '@mikro-orm/postgresql';
import type { GatewayContext } from '@platform/lib/graphql/context';
import type { NotificationProducer } from '@platform/lib/notifications/producer';
import type { Platform } from '@platform/lib/platform';
import type { UnitOfWork } from '@platform/lib/unit-of-work';
import type { AuditWriter } from '../audit/audit.service.js';
import type { RevocationService } from '../revocations/revocation.service.js';
import type { UserRepository } from '../users/user.repository.js';
import { LoginLockout } from './login-lockout.js';
import { RefreshRetries } from './refresh-retries.js';
import { SessionService } from './session.service.js';
import { TokenFamilyRepository } from './token-family.repository.js';
import { TokenFamilyService } from './token-family.service.js';

/** How sessions and their token families are built for a request (context.ts). */
export const sessionWiring = {
  tokenFamilyRows: (scope: { em: EntityManager }) => new TokenFamilyRepository(scope.em),
  families: (scope: {
    tokenFamilyRows: TokenFamilyRepository;
    unitOfWork: UnitOfWork;
    revocations: RevocationService;
    request: GatewayContext;
    platform: Pick<Platform, 'codec' | 'now' | 'stores' | 'cipher' | 'config'>;
  }) =>
    new TokenFamilyService({
      tokenFamilies: scope.tokenFamilyRows,
      unitOfWork: scope.unitOfWork,
      codec: scope.platform.codec,
      revocations: scope.revocations,
      retries: new RefreshRetries({
        store: scope.platform.stores.keyValue,
        cipher: scope.platform.cipher,
        graceSeconds: scope.platform.config.REFRESH_REUSE_GRACE_SECONDS,
        request: scope.request.request,
      }),
      request: scope.request.request,
      now: scope.platform.now,
    }),
  sessions: (scope: {
    userRows: UserRepository;
    families: TokenFamilyService;
    securityNotices: NotificationProducer;
    audit: AuditWriter;
    request: GatewayContext;
    platform: Pick<Platform, 'stores' | 'rateLimiter' | 'codec'>;
  }) =>
    new SessionService({
      users: scope.userRows,
      families: scope.families,
      lockout: new LoginLockout(scope.platform.stores.keyValue),
      rateLimiter: scope.platform.rateLimiter,
      codec: scope.platform.codec,
      notifications: scope.securityNotices,
      audit: scope.audit,
      request: scope.request.request,
    }),
};
