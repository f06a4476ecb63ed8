import { createMemoryStores } from './memory-store.js';
import type { Stores } from './ports.js';
import { createRedisStores } from './redis-store.js';

export * from './ports.js';

export function createStores(redisUrl: string | undefined, keyPrefix?: string): Stores {
  return redisUrl ? createRedisStores(redisUrl, keyPrefix) : createMemoryStores();
}
