import { Redis } from 'ioredis';
import { testRedisUrl } from './services.js';
import { eventually } from './waiting.js';

/**
 * The challenge sessions a server keeps in the shared Redis, seen from outside: their remaining lifetime,
 * their expiry brought forward (a test watches the server meet a session that Redis itself has expired
 * without waiting minutes for it), and a copy put back after the server removed it.
 */
export async function challengeStore(redisKeyPrefix: string, kind: 'login' | 'registration') {
  const redis = new Redis(testRedisUrl!);
  const keyOf = (sessionId: string) => `${redisKeyPrefix}challenge:${kind}:${sessionId}`;
  return {
    remainingMs: (sessionId: string) => redis.pttl(keyOf(sessionId)),
    read: (sessionId: string) => redis.get(keyOf(sessionId)),
    restore: (sessionId: string, stored: string) => redis.set(keyOf(sessionId), stored, 'PX', 60_000),
    async expireNow(sessionId: string) {
      await redis.pexpire(keyOf(sessionId), 1);
      await eventually(async () => (await redis.exists(keyOf(sessionId))) === 0, { intervalMs: 5 });
    },
    close: () => redis.quit(),
  };
}
