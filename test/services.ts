/**
 * Integration tests need PostgreSQL and Redis. Outside CI a missing one skips those tests with a visible
 * notice; under CI=true a missing service is a failure, never a skip.
 */
export const testDatabaseUrl =
  process.env.TEST_DATABASE_URL ?? (process.env.CI ? undefined : 'postgres://postgres@127.0.0.1:5432/test');
export const testRedisUrl = process.env.TEST_REDIS_URL ?? (process.env.CI ? undefined : 'redis://127.0.0.1:6379');

async function reachable(url: string | undefined): Promise<boolean> {
  if (!url) return false;
  const { hostname, port } = new URL(url);
  const { createConnection } = await import('node:net');
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port) }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.setTimeout(1000, () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const [databaseUp, redisUp] = await Promise.all([reachable(testDatabaseUrl), reachable(testRedisUrl)]);

if (process.env.CI === 'true' && (!databaseUp || !redisUp)) {
  throw new Error(
    `CI requires PostgreSQL (TEST_DATABASE_URL: ${databaseUp ? 'up' : 'missing'}) and Redis (TEST_REDIS_URL: ${redisUp ? 'up' : 'missing'})`,
  );
}
if (!databaseUp || !redisUp) {
  console.warn(
    `NOTICE: integration tests skipped: PostgreSQL ${databaseUp ? 'up' : 'unavailable'}, Redis ${redisUp ? 'up' : 'unavailable'}`,
  );
}

/** True when the integration tier cannot run here; use with describe.skipIf. */
export const servicesMissing = !databaseUp || !redisUp;
