import type { Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sentinelMasterName, startSentinelTopology, type SentinelTopology } from '../../../test/redis-sentinels.js';
import { servicesMissing } from '../../../test/services.js';
import { eventually, pause } from '../../../test/waiting.js';
import type { RedisConnection } from '../config.js';
import { sentinelOptions } from './redis-store.js';
import { SentinelFailovers } from './sentinel-failovers.js';

const remotePortOf = (client: Redis) => (client.stream as Socket | undefined)?.remotePort;

/**
 * The case ioredis's own connection cannot see: a partition between the Sentinels and a primary that stays up.
 * The Sentinels promote the replica, but a client still reaching the old primary keeps a healthy socket to it, and
 * what it writes there is lost when the partition heals and the old primary becomes a replica.
 */
describe.skipIf(servicesMissing)('SentinelFailovers', () => {
  let topology: SentinelTopology;
  const clients: Redis[] = [];
  let failovers: SentinelFailovers | undefined;

  beforeAll(async () => {
    topology = await startSentinelTopology({ primaryBehindProxy: true });
  }, 60_000);
  afterAll(async () => {
    failovers?.close();
    clients.forEach((client) => client.disconnect());
    await topology?.stop();
  });

  /** A client as the platform makes it, whose way to the primary skips the proxy the Sentinels are cut off by. */
  function directClient(connection: Extract<RedisConnection, { kind: 'sentinels' }>): Redis {
    const proxyAddress = `127.0.0.1:${new URL(topology.primaryProxy!.url).port}`;
    const client = new Redis({
      ...sentinelOptions(connection),
      natMap: { [proxyAddress]: { host: '127.0.0.1', port: topology.primary.port } },
      maxRetriesPerRequest: 1,
    });
    client.on('error', () => undefined);
    clients.push(client);
    return client;
  }

  it('moves a followed client off a primary the Sentinels replaced while it still reaches it', async () => {
    const connection = {
      kind: 'sentinels' as const,
      sentinels: topology.sentinels.map(({ port }) => ({ host: '127.0.0.1', port })),
      name: sentinelMasterName,
      tls: false,
    };
    failovers = new SentinelFailovers(connection);
    const followed = directClient(connection);
    failovers.follow(followed);
    // The same client without SentinelFailovers: what the followed one would do without it.
    const unfollowed = directClient(connection);
    await eventually(async () => followed.status === 'ready' && unfollowed.status === 'ready');
    expect([remotePortOf(followed), remotePortOf(unfollowed)]).toEqual([topology.primary.port, topology.primary.port]);

    topology.primaryProxy!.setMode('freeze');
    await eventually(async () => (await topology.namedPrimaryPort()) === topology.replica.port, {
      timeoutMs: 30_000,
      intervalMs: 200,
    });

    await eventually(async () => followed.status === 'ready' && remotePortOf(followed) === topology.replica.port, {
      timeoutMs: 10_000,
    });
    await followed.set('written-after-the-failover', 'kept');
    expect(await topology.client(topology.replica.port).get('written-after-the-failover')).toBe('kept');

    // Each Sentinel has announced the new primary by two hello periods (2 s each) after the promotion.
    await pause(4000);
    expect(remotePortOf(unfollowed)).toBe(topology.primary.port);
    await unfollowed.set('written-to-the-old-primary', 'to be lost');
    expect(await topology.client(topology.primary.port).get('written-to-the-old-primary')).toBe('to be lost');
  }, 60_000);
});
