import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuditWriter } from '../audit/audit.service.js';
import type { DirectoryRepository } from '../directory/directory.repository.js';
import type { RevocationService } from '../revocations/revocation.service.js';
import { UserRepository } from './user.repository.js';
import { UserService } from './user.service.js';

/** How users are built for a request (context.ts). */
export const userWiring = {
  userRows: (scope: { em: EntityManager }) => new UserRepository(scope.em),
  users: (scope: {
    userRows: UserRepository;
    directoryRows: DirectoryRepository;
    revocations: RevocationService;
    audit: AuditWriter;
  }) =>
    new UserService({
      users: scope.userRows,
      directory: scope.directoryRows,
      revocations: scope.revocations,
      audit: scope.audit,
    }),
};
