import { pingDatabase, type DatabasePool } from '@platform/lib/database';
import type { Subgraph } from '@platform/lib/graphql/subgraph';
import type { Platform } from '@platform/lib/platform';
import { ActivityFeed } from './activities/activity-feed.js';
import { createProjectsServices, type ProjectsContext, type ProjectsShared } from './context.js';
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
  const activityFeed = new ActivityFeed({ pubSub: platform.stores.pubSub, logger: platform.logger });
  const shared: ProjectsShared = { orm, platform, storage: files, feed: activityFeed };
  return {
    name: 'projects',
    schema,
    sdl,
    createContext: (base) => ({ ...base, projects: createProjectsServices(shared, base) }),
    content: (base, id) => createProjectsServices(shared, base).files.content(id),
    health: () => pingDatabase(orm),
    requestBodyLimit: uploadRequestBytes,
    close: async () => undefined,
  };
}
