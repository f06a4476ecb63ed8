import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@platform/lib/logger';
import { onDatabase } from '../../test/database.js';
import {
  adminCredentials,
  createTestDatabase,
  newSharedResources,
  startTestServer,
  type TestServer,
} from '../../test/harness.js';
import { servicesMissing } from '../../test/services.js';
import { OperatorClient } from './operator/operator-client.js';
import { seedDemoData } from './operator/demo-data.js';
import { subgraphRegistry } from './subgraph-registry.js';

const replicas = 3;

interface LogLine {
  level: number;
  msg?: string;
}

/** pino's level of `error`: anything at it or above is a failure a replica logged. */
const errorLevel = 50;

describe.skipIf(servicesMissing)('replicas starting together on one fresh database and one Redis', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let servers: TestServer[] = [];
  const logLines: LogLine[] = [];
  const sql = <T>(text: string) => onDatabase(database.url, async (client) => (await client.query(text)).rows as T[]);

  beforeAll(async () => {
    database = await createTestDatabase();
    const shared = newSharedResources(database.url);
    const logger = createLogger('warn', 'gateway', { write: (line: string) => void logLines.push(JSON.parse(line)) });
    // All at once, as a rollout's replicas do: each migrates, ensures the bootstrap admin and schedules its jobs.
    servers = await Promise.all(Array.from({ length: replicas }, () => startTestServer(shared, {}, logger)));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await database?.drop();
  });

  it('all start and serve, and none logs an error', async () => {
    for (const server of servers) {
      expect((await fetch(`${server.url}/health`)).status).toBe(200);
    }
    expect(logLines.filter((line) => line.level >= errorLevel)).toEqual([]);
  });

  it("applies each subgraph's migrations exactly once", async () => {
    for (const { database: subgraph } of subgraphRegistry) {
      const rows = await sql<{ name: string; times: number }>(
        `select name, count(*)::int as times from "${subgraph.schema}"."${subgraph.schema}_migrations" group by name`,
      );
      expect(rows.map((row) => row.name).sort()).toEqual(subgraph.migrations.map((migration) => migration.name).sort());
      expect(rows.every((row) => row.times === 1)).toBe(true);
    }
    expect(await sql(`select version from platform_jobs.version`)).toHaveLength(1);
  });

  it('creates exactly one bootstrap admin, and it signs in on every replica', async () => {
    const admins = await sql<{ permissions: string[] }>(
      `select permissions from auth.user_account where email = '${adminCredentials.email}'`,
    );
    expect(admins).toHaveLength(1);
    expect(await sql(`select id from auth.user_account`)).toHaveLength(1);
    for (const server of servers) {
      await expect(
        OperatorClient.signIn(server.url, adminCredentials.email, adminCredentials.password),
      ).resolves.toBeDefined();
    }
  });

  it('seeds the demo data once when every replica seeds at once; the others report it present', async () => {
    const operators = await Promise.all(
      servers.map((server) => OperatorClient.signIn(server.url, adminCredentials.email, adminCredentials.password)),
    );
    const reports = await Promise.all(operators.map((operator) => seedDemoData(operator)));
    const present = ['Demo data is already present: nothing written.'];
    expect(reports.filter((lines) => lines.join() === present.join())).toHaveLength(replicas - 1);
    expect(await sql(`select code from auth.department where code like 'DEMO-%'`)).toHaveLength(2);
    expect(await sql(`select code from auth.employee where code like 'DEMO-%'`)).toHaveLength(3);
    expect(await sql(`select id from projects.project`)).toHaveLength(2);
    expect(logLines.filter((line) => line.level >= errorLevel)).toEqual([]);
  });
});
