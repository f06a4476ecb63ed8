import { randomBytes, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '@platform/lib/config';
import type { Logger } from '@platform/lib/logger';
import { openSystem, type System } from '@platform/gateway/system';
import { onDatabase } from './database.js';
import { testDatabaseUrl, testRedisUrl } from './services.js';

export const adminCredentials = { email: 'admin@example.test', password: 'admin-password-123' };

/** A database of its own per test file (MikroORM's schema diff sees every schema of a database). */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${randomUUID().replaceAll('-', '')}`;
  await onDatabase(testDatabaseUrl!, (sql) => sql.query(`create database ${name}`));
  const url = new URL(testDatabaseUrl!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await onDatabase(testDatabaseUrl!, (sql) => sql.query(`drop database if exists ${name} with (force)`));
    },
  };
}

export interface TestServer {
  url: string;
  system: System;
  config: Config;
  close(): Promise<void>;
}

export interface SharedResources {
  databaseUrl: string;
  redisKeyPrefix: string;
  jwtSecret: string;
  encryptionKey: string;
}

export function newSharedResources(databaseUrl: string): SharedResources {
  return {
    databaseUrl,
    redisKeyPrefix: `test:${randomUUID()}:`,
    jwtSecret: randomBytes(48).toString('base64url'),
    encryptionKey: randomBytes(32).toString('base64'),
  };
}

/** The configuration of a test process (a server, or a subgraph alone) on the shared resources. */
export function testConfigOf(shared: SharedResources, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: shared.databaseUrl,
    REDIS_URL: testRedisUrl,
    JWT_SECRET: shared.jwtSecret,
    DATA_ENCRYPTION_KEY: shared.encryptionKey,
    BOOTSTRAP_ADMIN_EMAIL: adminCredentials.email,
    BOOTSTRAP_ADMIN_PASSWORD: adminCredentials.password,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    REDIS_KEY_PREFIX: shared.redisKeyPrefix,
    // Uploads of a test server stay out of the checkout's .data.
    FILES_DIR: join(tmpdir(), 'platform-test-files', shared.redisKeyPrefix.replaceAll(':', '-')),
    ...env,
  });
}

/**
 * The real system on a real port, on real PostgreSQL and Redis; several may share one database and Redis. A
 * `port` given starts it where an earlier one listened, as a restart would.
 */
export async function startTestServer(
  shared: SharedResources,
  env: Record<string, string> = {},
  logger?: Logger,
  port = 0,
): Promise<TestServer> {
  const config = testConfigOf(shared, env);
  const system = await openSystem(config, shared.databaseUrl, logger);
  const address = await system.app.listen({ port, host: '127.0.0.1' });
  return { url: address, system, config, close: () => system.close() };
}

/** One server on a fresh database: the common case for a test file. */
export async function startIsolatedServer(env: Record<string, string> = {}) {
  const database = await createTestDatabase();
  const shared = newSharedResources(database.url);
  const server = await startTestServer(shared, env);
  return {
    ...server,
    shared,
    close: async () => {
      await server.close();
      await database.drop();
    },
  };
}
