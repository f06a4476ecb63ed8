import type { Config } from '../../lib/src/config.js';
import type { Subgraph, SubgraphSchema } from '../../lib/src/graphql/subgraph.js';
import type { Platform } from '../../lib/src/platform.js';
import { createAuthSubgraph } from '../../subgraphs/auth/src/app.js';
import { buildAuthSchema } from '../../subgraphs/auth/src/schema.js';
import { createNotificationsSubgraph } from '../../subgraphs/notifications/src/app.js';
import { buildNotificationsSchema } from '../../subgraphs/notifications/src/schema.js';
import { createProjectsSubgraph } from '../../subgraphs/projects/src/app.js';
import { buildProjectsSchema } from '../../subgraphs/projects/src/schema.js';

export interface SubgraphEntry {
  name: 'auth' | 'projects' | 'notifications';
  /** Where docker-compose runs it; the supergraph records it, the environment may override it. */
  defaultUrl: string;
  remoteUrl(config: Config): string | undefined;
  buildSchema(): Promise<SubgraphSchema>;
  create(platform: Platform, databaseUrl: string): Promise<Subgraph>;
}

/** The three subgraphs of the graph, in one list that the gateway, the schema script and tests share. */
export const subgraphRegistry: SubgraphEntry[] = [
  {
    name: 'auth',
    defaultUrl: 'http://auth:4001/graphql',
    remoteUrl: (config) => config.SUBGRAPH_AUTH_URL,
    buildSchema: buildAuthSchema,
    create: createAuthSubgraph,
  },
  {
    name: 'projects',
    defaultUrl: 'http://projects:4002/graphql',
    remoteUrl: (config) => config.SUBGRAPH_PROJECTS_URL,
    buildSchema: buildProjectsSchema,
    create: createProjectsSubgraph,
  },
  {
    name: 'notifications',
    defaultUrl: 'http://notifications:4003/graphql',
    remoteUrl: (config) => config.SUBGRAPH_NOTIFICATIONS_URL,
    buildSchema: buildNotificationsSchema,
    create: createNotificationsSubgraph,
  },
];
