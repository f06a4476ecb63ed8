import { eachRequestFromNewIp } from './client-address.js';
import { httpClient } from './client.js';
import { createTestDatabase, newSharedResources, startTestServer } from './harness.js';
import { startStatementCounter } from './sql-statement-counter.js';

/**
 * The platform's own work beside a request, left out of a request's count: the job engine's pg-boss polling its
 * queues, and the webhooks' workers (a request only queues its events, in platform_jobs): the fan-out reading the
 * endpoints for the events of earlier changes and logging deliveries, a delivery's attempt reading its rows and
 * recording what it came to. Each of those reads whole webhook rows (`"w0".*`) or writes them; a request's own reads of
 * the webhook tables that do neither (the conditional GETs' version statements) are counted. The confirmation sweep
 * is turned off instead.
 */
export const backgroundStatements =
  /platform_jobs\.|^\s*(select "w0"\.\*|insert into|update) [^]*"projects"\."webhook_(endpoint|delivery)"/;
export const quietServerEnv = { CONFIRMATION_SWEEP_SECONDS: '0' };

/**
 * A server on a fresh database with every statement passing the counter, and its own background work quiet:
 * `statementsOf(work)` is what `work` made the database execute. `env` adds to the server's settings: a suite's
 * own (the webhooks') or more quiet where its requests start background work of their own (`WORKER_ENABLED:
 * 'false'`: the security notices that sign-ins and devices raise are queued, not delivered, so no delivery's
 * transaction lands in a later request's count).
 */
export async function startCountedServer(env: Record<string, string> = {}) {
  const database = await createTestDatabase();
  const counter = await startStatementCounter(database.url);
  const server = await startTestServer(newSharedResources(counter.url), { ...quietServerEnv, ...env });
  return {
    server,
    /** The database itself, past the counter: a test's own look at (or change to) the rows is not counted. */
    databaseUrl: database.url,
    api: eachRequestFromNewIp(httpClient(server.url)),
    statementsOf: (work: () => Promise<unknown>) => counter.during(work, backgroundStatements),
    close: async () => {
      await server.close();
      await counter.close();
      await database.drop();
    },
  };
}
