import type { MikroORM } from '@mikro-orm/postgresql';
import type { GatewayContext } from '../../../lib/src/graphql/context.js';
import type { Platform } from '../../../lib/src/platform.js';
import { AuditLogService } from './audit/audit-log.service.js';
import { AuditWriter } from './audit/audit.service.js';
import { DirectoryService } from './directory/directory.service.js';
import { ServiceTokenService } from './service-tokens/service-token.service.js';
import { SessionService } from './sessions/session.service.js';
import { TokenFamilyService } from './sessions/token-family.service.js';
import { UserService } from './users/user.service.js';

export interface AuthServices {
  audit: AuditWriter;
  auditLog: AuditLogService;
  directory: DirectoryService;
  families: TokenFamilyService;
  serviceTokens: ServiceTokenService;
  sessions: SessionService;
  users: UserService;
}

export interface AuthContext extends GatewayContext {
  auth: AuthServices;
}

/** Per-request state in one place: a forked entity manager, the services over it and their loaders. */
export function createAuthServices(platform: Platform, orm: MikroORM, base: GatewayContext): AuthServices {
  const em = orm.em.fork();
  const actorId = () => (base.caller?.kind === 'user' ? base.caller.userId : undefined);
  const audit = new AuditWriter(em, base.request);
  const families = new TokenFamilyService(em, platform.codec, platform.revocations, platform.now);
  return {
    audit,
    auditLog: new AuditLogService(em),
    directory: new DirectoryService(em, audit, actorId),
    families,
    serviceTokens: new ServiceTokenService(em, platform.codec, platform.revocations, audit),
    sessions: new SessionService(em, platform, families, audit, base),
    users: new UserService(em, platform.revocations, audit, actorId),
  };
}
