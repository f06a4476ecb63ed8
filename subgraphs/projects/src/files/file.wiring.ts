import type { EntityManager } from '@mikro-orm/postgresql';
import { hasPermission, type Caller } from '@platform/lib/auth/caller';
import type { GatewayContext } from '@platform/lib/graphql/context';
import { FileRepository, type FileReader } from './file.repository.js';
import { FileService } from './file.service.js';
import type { FileStorage } from './file.storage.js';

/** The caller as a reader of files: its user id and which records it reads. */
function fileReaderOf(caller: Caller | null): FileReader | null {
  if (caller?.kind !== 'user') return null;
  return {
    userId: caller.userId,
    readsProjects: hasPermission(caller, 'projects:read'),
    readsTasks: hasPermission(caller, 'tasks:read'),
  };
}

/** How files are built for a request (context.ts). */
export const fileWiring = {
  fileRows: (scope: { em: EntityManager }) => new FileRepository(scope.em),
  files: (scope: { fileRows: FileRepository; storage: FileStorage; request: GatewayContext }) =>
    new FileService({ repository: scope.fileRows, storage: scope.storage, reader: fileReaderOf(scope.request.caller) }),
};
