import type { RedisConnection } from '../config.js';
import { createMemoryStores } from './memory-store.js';
import type { Stores } from './ports.js';
import { createRedisStores } from './redis-store.js';

export * from './ports.js';

export function createStores(redis: RedisConnection | undefined, keyPrefix?: string): Stores {
  return redis ? createRedisStores(redis, keyPrefix) : createMemoryStores();
}
