import type { FastifyInstance } from 'fastify';
import { createAuthSubgraph } from '@platform/auth/app';
import { createNotificationsSubgraph } from '@platform/notifications/app';
import { createProjectsSubgraph } from '@platform/projects/app';
import type { DatabasePool } from '@platform/lib/database';
import { serveSubgraph } from '@platform/lib/graphql/serve-subgraph';
import type { Subgraph } from '@platform/lib/graphql/subgraph';
import type { Platform } from '@platform/lib/platform';
import { openParts } from '@platform/lib/process/process-parts';
import { testConfigOf, type SharedResources } from './harness.js';

export interface StandaloneSubgraph {
  app: FastifyInstance;
  /** Its /graphql, for the gateway's SUBGRAPH_*_URL. */
  url: string;
  close(): Promise<void>;
}

/**
 * The distributed layout inside one test process: a subgraph served alone on its own port, on parts of its own
 * (platform, stores, database pool), as its main.ts runs it but without the process's signals.
 */
export async function startStandaloneSubgraph(
  name: string,
  shared: SharedResources,
  create: (platform: Platform, database: DatabasePool) => Promise<Subgraph>,
  env: Record<string, string> = {},
): Promise<StandaloneSubgraph> {
  const parts = await openParts(testConfigOf(shared, env), { name, databaseUrl: shared.databaseUrl });
  const app = await serveSubgraph(await create(parts.platform, parts.database), parts);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    url: `${address}/graphql`,
    close: async () => {
      await app.close();
      await parts.close();
    },
  };
}

export interface StandaloneSubgraphs {
  auth: StandaloneSubgraph;
  projects: StandaloneSubgraph;
  notifications: StandaloneSubgraph;
  /** The gateway's SUBGRAPH_*_URL variables for these three: a gateway started with them is the distributed layout. */
  gatewayEnv: Record<string, string>;
  close(): Promise<void>;
}

/**
 * The three subgraphs of the distributed layout, each alone on its own port with `env`; `sharedOf` gives one of
 * them resources of its own (a database behind a proxy, for an outage of that subgraph alone).
 */
export async function startStandaloneSubgraphs(
  shared: SharedResources,
  env: Record<string, string> = {},
  sharedOf: Partial<Record<'auth' | 'projects' | 'notifications', SharedResources>> = {},
): Promise<StandaloneSubgraphs> {
  const [auth, projects, notifications] = await Promise.all([
    startStandaloneSubgraph('auth', sharedOf.auth ?? shared, createAuthSubgraph, env),
    startStandaloneSubgraph('projects', sharedOf.projects ?? shared, createProjectsSubgraph, env),
    startStandaloneSubgraph('notifications', sharedOf.notifications ?? shared, createNotificationsSubgraph, env),
  ]);
  return {
    auth,
    projects,
    notifications,
    gatewayEnv: {
      SUBGRAPH_AUTH_URL: auth.url,
      SUBGRAPH_PROJECTS_URL: projects.url,
      SUBGRAPH_NOTIFICATIONS_URL: notifications.url,
    },
    close: async () => {
      await Promise.all([auth, projects, notifications].map((subgraph) => subgraph.close()));
    },
  };
}
