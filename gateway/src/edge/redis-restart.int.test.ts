import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFromNewIp } from '../../../test/client-address.js';
import { loggedOutSession, loginAs } from '../../../test/client.js';
import {
  adminCredentials,
  createTestDatabase,
  newSharedResources,
  startTestServer,
  type TestServer,
} from '../../../test/harness.js';
import { startOwnRedis, type OwnRedis } from '../../../test/redis-server.js';
import { servicesMissing } from '../../../test/services.js';
import { eventually } from '../../../test/waiting.js';

const verifyHeaders = { 'x-service-name': 'redis-restart' };

/**
 * Issue 14, item 1, as a fault: "Log in, log out, then let Redis restart empty: the logged-out access token must
 * stay refused on REST and /internal/verify." A redis-server of the test's own is killed and started again.
 */
describe.skipIf(servicesMissing)('a logout across a real Redis restart', () => {
  let redis: OwnRedis;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const servers: TestServer[] = [];

  beforeAll(async () => {
    redis = await startOwnRedis();
    database = await createTestDatabase();
    const shared = newSharedResources(database.url);
    for (let index = 0; index < 2; index += 1) servers.push(await startTestServer(shared, { REDIS_URL: redis.url }));
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await redis?.stop();
    await database?.drop();
  });

  /** The status of a REST path and of /internal/verify for one access token, on one instance. */
  async function answers(server: TestServer, token: string) {
    const api = clientFromNewIp(server.url);
    const rest = await api.get('/api/v1/auth/devices', { token });
    const verify = await api.get('/internal/verify', { token, headers: verifyHeaders });
    return { rest: rest.status, verify: verify.status };
  }

  it('keeps the logged-out token refused on REST and /internal/verify on every instance; a live session still works', async () => {
    const api = clientFromNewIp(servers[0]!.url);
    const live = await loginAs(api, adminCredentials.email, adminCredentials.password);
    const loggedOut = await loggedOutSession(api, adminCredentials.email, adminCredentials.password);
    expect(await answers(servers[0]!, loggedOut.accessToken)).toEqual({ rest: 401, verify: 401 });

    await redis.restartEmpty();
    expect(await redis.client().dbsize(), 'Redis came back empty').toBe(0);
    for (const server of servers) {
      await eventually(async () => (await clientFromNewIp(server.url).get('/health')).status === 200, {
        intervalMs: 200,
      });
    }

    for (const [index, server] of servers.entries()) {
      expect(await answers(server, loggedOut.accessToken), `instance ${index}`).toEqual({ rest: 401, verify: 401 });
      expect(await answers(server, live.accessToken), `instance ${index}`).toEqual({ rest: 200, verify: 200 });
    }
    // The revocation was reloaded from PostgreSQL into the new Redis, which answers later checks again.
    expect(await redis.client().keys('*revoked:*')).not.toEqual([]);
  });
});
