import type { Config } from '@platform/lib/config';
import type { DatabasePool, SubgraphDatabaseOptions } from '@platform/lib/database';
import type { Subgraph, SubgraphSchema } from '@platform/lib/graphql/subgraph';
import type { Platform } from '@platform/lib/platform';
import { createAuthSubgraph } from '@platform/auth/app';
import { authDatabase } from '@platform/auth/database';
import { buildAuthSchema } from '@platform/auth/schema';
import { createNotificationsSubgraph } from '@platform/notifications/app';
import { notificationsDatabase } from '@platform/notifications/database';
import { buildNotificationsSchema } from '@platform/notifications/schema';
import { createProjectsSubgraph } from '@platform/projects/app';
import { projectsDatabase } from '@platform/projects/database';
import { buildProjectsSchema } from '@platform/projects/schema';

export interface SubgraphEntry {
  name: 'auth' | 'projects' | 'notifications';
  /** Where docker-compose runs it; the supergraph records it, the environment may override it. */
  defaultUrl: string;
  remoteUrl(config: Config): string | undefined;
  buildSchema(): Promise<SubgraphSchema>;
  /** Its PostgreSQL schema and migrations (`platform migrate` applies them without starting anything). */
  database: SubgraphDatabaseOptions;
  create(platform: Platform, database: DatabasePool): Promise<Subgraph>;
}

/** The three subgraphs of the graph, in one list that the gateway, the schema script and tests share. */
export const subgraphRegistry: SubgraphEntry[] = [
  {
    name: 'auth',
    defaultUrl: 'http://auth:4001/graphql',
    remoteUrl: (config) => config.SUBGRAPH_AUTH_URL,
    buildSchema: buildAuthSchema,
    database: authDatabase,
    create: createAuthSubgraph,
  },
  {
    name: 'projects',
    defaultUrl: 'http://projects:4002/graphql',
    remoteUrl: (config) => config.SUBGRAPH_PROJECTS_URL,
    buildSchema: buildProjectsSchema,
    database: projectsDatabase,
    create: createProjectsSubgraph,
  },
  {
    name: 'notifications',
    defaultUrl: 'http://notifications:4003/graphql',
    remoteUrl: (config) => config.SUBGRAPH_NOTIFICATIONS_URL,
    buildSchema: buildNotificationsSchema,
    database: notificationsDatabase,
    create: createNotificationsSubgraph,
  },
];
