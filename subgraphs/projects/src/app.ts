import { pingDatabase, type DatabasePool } from '@platform/lib/database';
import type { Subgraph } from '@platform/lib/graphql/subgraph';
import type { Platform } from '@platform/lib/platform';
import { ActivityFeed } from './activities/activity-feed.js';
import { createProjectsServices, type ProjectsContext } from './context.js';
import { projectsDatabase } from './database.js';
import { uploadRequestBytes } from './files/file.content.js';
import { FileStorage } from './files/file.storage.js';
import { buildProjectsSchema } from './schema.js';

export async function createProjectsSubgraph(
  platform: Platform,
  database: DatabasePool,
): Promise<Subgraph<ProjectsContext>> {
  const orm = await database.open(projectsDatabase);
  const { schema, sdl } = await buildProjectsSchema();
  const files = await FileStorage.open(platform.config.FILES_DIR);
  const activityFeed = new ActivityFeed(platform.stores.pubSub, platform.logger);
  return {
    name: 'projects',
    schema,
    sdl,
    createContext: (base) => ({ ...base, projects: createProjectsServices(orm, files, activityFeed, base.caller) }),
    content: (base, id) => createProjectsServices(orm, files, activityFeed, base.caller).files.content(id),
    health: () => pingDatabase(orm),
    requestBodyLimit: uploadRequestBytes,
    close: async () => undefined,
  };
}
