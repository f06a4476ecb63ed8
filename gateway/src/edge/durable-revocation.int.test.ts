import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFromNewIp } from '../../../test/client-address.js';
import { loggedOutSession, type HttpClient, type RequestOptions } from '../../../test/client.js';
import { deviceTestKit, makeKeyPair } from '../../../test/device-kit.js';
import { createTestDatabase, newSharedResources, startTestServer, type TestServer } from '../../../test/harness.js';
import { dropDeploymentKeys } from '../../../test/fault-injection.js';
import { decodeJwt } from '../../../test/jwt.js';
import { actorsOf, type Actors } from '../../../test/notifications-kit.js';
import { servicesMissing, testRedisUrl } from '../../../test/services.js';
import { createSignedInUser, disableUserMutation } from '../../../test/users.js';

type Case = 'logout' | 'disabled user' | 'removed device' | 'revoked service token';

interface Bearers {
  revoked: RequestOptions;
  /** A token of another session (or another service token) that must keep working. */
  live: RequestOptions;
  kind: 'user' | 'service';
}

const verifyHeaders = { 'x-service-name': 'durable-revocation' };
const notification = (userId: number) => ({ userId, message: 'durable revocation' });
const createNotification = `mutation ($input: CreateNotificationInput!) { createNotification(input: $input) { message } }`;

/**
 * Issue 14, item 1: revocation is recorded in PostgreSQL, so that a Redis that comes back empty (a restart
 * without persistence, a flush, a failover) never lets a revoked token in again, on any instance.
 */
describe.skipIf(servicesMissing)('revocation survives Redis losing its data', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let shared: ReturnType<typeof newSharedResources>;
  let first: TestServer;
  let second: TestServer;
  let actors: Actors;
  let redis: Redis;
  let ownerId: number;
  const cases = {} as Record<Case, Bearers>;

  async function loseRedisData(): Promise<void> {
    await dropDeploymentKeys(redis, shared.redisKeyPrefix);
    expect(await redis.keys(`${shared.redisKeyPrefix}*`)).toEqual([]);
  }

  async function logoutCase(api: HttpClient): Promise<Bearers> {
    const user = await createSignedInUser(api, actors.adminToken, { emailPrefix: 'logout' });
    const session = await loggedOutSession(api, user.email, user.password);
    return { revoked: { token: session.accessToken }, live: { token: user.token }, kind: 'user' };
  }

  async function disabledUserCase(api: HttpClient): Promise<Bearers> {
    const user = await createSignedInUser(api, actors.adminToken, { emailPrefix: 'disabled' });
    const other = await createSignedInUser(api, actors.adminToken, { emailPrefix: 'still-active' });
    const disabled = await api.graphql(disableUserMutation, { id: user.id }, { token: actors.adminToken });
    expect(disabled.body.errors).toBeUndefined();
    return { revoked: { token: user.token }, live: { token: other.token }, kind: 'user' };
  }

  async function removedDeviceCase(api: HttpClient): Promise<Bearers> {
    const kit = deviceTestKit(api);
    const user = await kit.newUser();
    const device = await kit.registerDevice(user.token, makeKeyPair('ES256'));
    const mobile = await kit.mobileLogin(device.fingerprint, device.keys);
    const removed = await api.delete(`/api/v1/auth/devices/${device.deviceId}`, { token: user.token });
    expect(removed.status).toBe(200);
    return {
      revoked: { token: mobile.accessToken, headers: { 'x-device-fingerprint': device.fingerprint } },
      live: { token: user.token },
      kind: 'user',
    };
  }

  async function serviceTokenCase(api: HttpClient): Promise<Bearers> {
    const issued = await api.graphql(
      'mutation { issueServiceToken(serviceName: "revoked-service", ttlDays: 90) }',
      {},
      { token: actors.adminToken },
    );
    const token = issued.body.data.issueServiceToken as string;
    const revoked = await api.graphql(
      'mutation ($id: ID!) { revokeServiceToken(id: $id) }',
      { id: decodeJwt(token).jti },
      { token: actors.adminToken },
    );
    expect(revoked.body.data).toEqual({ revokeServiceToken: true });
    return { revoked: { token }, live: { token: actors.serviceToken }, kind: 'service' };
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    shared = newSharedResources(database.url);
    first = await startTestServer(shared);
    second = await startTestServer(shared);
    redis = new Redis(testRedisUrl!);
    actors = await actorsOf(first.url);
    ownerId = (await actors.api.graphql('{ me { id } }', {}, { token: actors.adminToken })).body.data.me.id;
    Object.assign(cases, {
      logout: await logoutCase(actors.api),
      'disabled user': await disabledUserCase(actors.api),
      'removed device': await removedDeviceCase(actors.api),
      'revoked service token': await serviceTokenCase(actors.api),
    } satisfies Record<Case, Bearers>);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    redis?.disconnect();
    await database?.drop();
  });

  /** The status of REST, GraphQL and /internal/verify for one bearer, on one instance. */
  async function answers(server: TestServer, bearers: Bearers, which: 'revoked' | 'live') {
    const api = clientFromNewIp(server.url);
    const bearer = bearers[which];
    const withVerify = { ...bearer, headers: { ...bearer.headers, ...verifyHeaders } };
    const rest =
      bearers.kind === 'user'
        ? await api.get('/api/v1/auth/devices', bearer)
        : await api.post('/internal/notifications', notification(ownerId), bearer);
    const graph =
      bearers.kind === 'user'
        ? await api.graphql('{ myDevices { id } }', undefined, bearer)
        : await api.graphql(createNotification, { input: notification(ownerId) }, bearer);
    const verify = await api.get('/internal/verify', withVerify);
    return {
      rest: rest.status,
      graph: graph.body.errors?.[0]?.extensions?.code ?? 'data',
      verify: verify.status,
    };
  }

  const refused = { rest: 401, graph: 'UNAUTHENTICATED', verify: 401 };

  it.each(['logout', 'disabled user', 'removed device', 'revoked service token'] as Case[])(
    '%s: refused on REST, GraphQL and /internal/verify after the flush, on every instance',
    async (name) => {
      const bearers = cases[name];
      const live = { rest: bearers.kind === 'user' ? 200 : 201, graph: 'data', verify: 200 };
      expect(await answers(first, bearers, 'revoked')).toEqual(refused);

      await loseRedisData();
      expect(await answers(first, bearers, 'revoked'), 'the instance that revoked').toEqual(refused);
      await loseRedisData();
      expect(await answers(second, bearers, 'revoked'), 'another instance').toEqual(refused);
      expect(await answers(second, bearers, 'live'), 'a token of another session').toEqual(live);
      await loseRedisData();
      expect(await answers(first, bearers, 'live'), 'a token of another session').toEqual(live);
    },
  );

  it('the markers come back into Redis, so later checks are answered there again', async () => {
    await loseRedisData();
    expect(await answers(second, cases.logout, 'revoked')).toEqual(refused);
    const keys = await redis.keys(`${shared.redisKeyPrefix}revoked:*`);
    expect(keys.length).toBeGreaterThanOrEqual(4);
  });
});
