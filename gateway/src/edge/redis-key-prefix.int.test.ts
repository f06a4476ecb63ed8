import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, loginAs } from '../../../test/client.js';
import { adminCredentials, createTestDatabase, newSharedResources, testConfigOf } from '../../../test/harness.js';
import { servicesMissing, testRedisUrl } from '../../../test/services.js';
import { openSystem, type System } from '../system.js';

describe.skipIf(servicesMissing)('REDIS_KEY_PREFIX', () => {
  const prefix = `prefix-test:${randomUUID()}:`;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let system: System;
  let redis: Redis;

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = testConfigOf(newSharedResources(database.url), { REDIS_KEY_PREFIX: prefix });
    system = await openSystem(config, database.url);
    redis = new Redis(testRedisUrl!);
  });
  afterAll(async () => {
    await system?.close();
    redis?.disconnect();
    await database?.drop();
  });

  it('is read from the configuration by the edge: every key it writes carries the prefix', async () => {
    const address = await system.app.listen({ port: 0, host: '127.0.0.1' });
    await loginAs(httpClient(address), adminCredentials.email, adminCredentials.password);
    const keys = await redis.keys(`${prefix}*`);
    expect(keys.some((key) => key.startsWith(`${prefix}rl:`))).toBe(true);
  });
});
