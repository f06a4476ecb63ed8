import type { EntityManager } from '@mikro-orm/postgresql';
import type { GatewayContext } from '@platform/lib/graphql/context';
import type { AuditWriter } from '../audit/audit.service.js';
import { DirectoryRepository } from './directory.repository.js';
import { DirectoryService } from './directory.service.js';

/** How the directory is built for a request (context.ts). */
export const directoryWiring = {
  directoryRows: (scope: { em: EntityManager }) => new DirectoryRepository(scope.em),
  directory: (scope: { directoryRows: DirectoryRepository; audit: AuditWriter; request: GatewayContext }) =>
    new DirectoryService({
      directory: scope.directoryRows,
      audit: scope.audit,
      actorId: () => (scope.request.caller?.kind === 'user' ? scope.request.caller.userId : undefined),
    }),
};
