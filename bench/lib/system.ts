import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openSystem, type System } from '@platform/gateway/system';
import { loadConfig, type Config } from '@platform/lib/config';
import { createLogger } from '@platform/lib/logger';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

export const benchAdmin = { email: 'bench-admin@example.test', password: 'bench-admin-password-123' };

/** Rate limiting is off for every arm alike (RATE_LIMIT_ENABLED=false); everything else runs as in production. */
export const benchEnvironment = { NODE_ENV: 'production', RATE_LIMIT_ENABLED: 'false', LOG_LEVEL: 'silent' };

export interface TokenSet {
  accessToken: string;
  refreshToken: string;
}

export interface BenchSystem {
  system: System;
  config: Config;
  databaseUrl: string;
  redisUrl: string;
  port: number;
  url: string;
  /** Logs the bootstrap admin in through REST (argon2id: deliberately slow, about 0.1 s). */
  login(): Promise<TokenSet>;
  close(): Promise<void>;
}

async function onAdminDatabase(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The real system on loopback over a fresh database, its own Redis key prefix and its own FILES_DIR. */
export async function startBenchSystem(): Promise<BenchSystem> {
  const name = `bench_${randomUUID().replaceAll('-', '')}`;
  await onAdminDatabase(`create database ${name}`);
  // Uploads (the projects suite's documents) go to a directory of the run's own, not the checkout's .data/.
  const filesDir = await mkdtemp(join(tmpdir(), `${name}-files-`));
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${name}`;
  const config = loadConfig({
    ...benchEnvironment,
    WORKER_ENABLED: 'false',
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: redisUrl,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    BOOTSTRAP_ADMIN_EMAIL: benchAdmin.email,
    BOOTSTRAP_ADMIN_PASSWORD: benchAdmin.password,
    REDIS_KEY_PREFIX: `bench:${randomUUID()}:`,
    FILES_DIR: filesDir,
  });
  const system = await openSystem(config, databaseUrl.toString(), createLogger(config.LOG_LEVEL));
  await system.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (system.app.server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  return {
    system,
    config,
    databaseUrl: databaseUrl.toString(),
    redisUrl,
    port,
    url,
    login: async () => {
      const response = await fetch(`${url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(benchAdmin),
      });
      if (!response.ok) throw new Error(`bench login failed: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { data: TokenSet }).data;
    },
    close: async () => {
      await system.close();
      await onAdminDatabase(`drop database if exists ${name} with (force)`);
      await rm(filesDir, { recursive: true, force: true });
    },
  };
}
