import type { EntityManager } from '@mikro-orm/postgresql';
import type { GatewayContext } from '@platform/lib/graphql/context';
import type { Platform } from '@platform/lib/platform';
import type { UnitOfWork } from '@platform/lib/unit-of-work';
import type { AuditWriter } from '../audit/audit.service.js';
import type { ChallengeSessions } from '../challenges/challenge-sessions.js';
import type { SessionService } from '../sessions/session.service.js';
import type { TokenFamilyRepository } from '../sessions/token-family.repository.js';
import type { UserRepository } from '../users/user.repository.js';
import { PasskeyKeys } from './passkey-keys.js';
import { PasskeyLoginService } from './passkey-login.service.js';
import { PasskeyRegistrationService } from './passkey-registration.service.js';
import { PasskeyRepository } from './passkey.repository.js';
import { PasskeyService } from './passkey.service.js';
import { PasskeyVerifier, relyingPartyOf, type RelyingParty } from './relying-party.js';

interface PasskeyScope {
  passkeyRows: PasskeyRepository;
  audit: AuditWriter;
  platform: Pick<Platform, 'rateLimiter'>;
}

interface CeremonyScope extends PasskeyScope {
  userRows: UserRepository;
  challenges: ChallengeSessions;
  relyingParty: RelyingParty;
  passkeyVerifier: PasskeyVerifier;
  passkeyKeys: PasskeyKeys;
}

/** How passkeys are built for a request (context.ts). */
export const passkeyWiring = {
  passkeyRows: (scope: { em: EntityManager }) => new PasskeyRepository(scope.em),
  relyingParty: (scope: { platform: Pick<Platform, 'config'> }) => relyingPartyOf(scope.platform.config),
  passkeyVerifier: (scope: { relyingParty: RelyingParty }) => new PasskeyVerifier(scope.relyingParty),
  passkeyKeys: (scope: { platform: Pick<Platform, 'cipher'> }) => new PasskeyKeys(scope.platform.cipher),
  passkeys: (scope: PasskeyScope) =>
    new PasskeyService({ passkeys: scope.passkeyRows, rateLimiter: scope.platform.rateLimiter, audit: scope.audit }),
  passkeyRegistration: (
    scope: CeremonyScope & { tokenFamilyRows: TokenFamilyRepository; platform: Pick<Platform, 'now'> },
  ) =>
    new PasskeyRegistrationService({
      passkeys: scope.passkeyRows,
      users: scope.userRows,
      sessions: scope.challenges,
      verifier: scope.passkeyVerifier,
      keys: scope.passkeyKeys,
      rp: scope.relyingParty,
      rateLimiter: scope.platform.rateLimiter,
      audit: scope.audit,
      tokenFamilies: scope.tokenFamilyRows,
      now: scope.platform.now,
    }),
  passkeyLogin: (
    scope: CeremonyScope & {
      sessions: SessionService;
      unitOfWork: UnitOfWork;
      request: GatewayContext;
      platform: Pick<Platform, 'config' | 'now'>;
    },
  ) =>
    new PasskeyLoginService({
      passkeys: scope.passkeyRows,
      users: scope.userRows,
      sessions: scope.challenges,
      signIn: scope.sessions,
      unitOfWork: scope.unitOfWork,
      verifier: scope.passkeyVerifier,
      keys: scope.passkeyKeys,
      rp: scope.relyingParty,
      decoySecret: scope.platform.config.JWT_SECRET,
      rateLimiter: scope.platform.rateLimiter,
      audit: scope.audit,
      request: scope.request.request,
      now: scope.platform.now,
    }),
};
