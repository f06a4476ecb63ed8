import { execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '@platform/lib/project-root';
import { buildProduct } from '../../test/build.js';
import { httpClient, type HttpClient, type HttpResult } from '../../test/client.js';
import { createTestDatabase } from '../../test/harness.js';
import { unusedPort } from '../../test/ports.js';
import { createCustomerMutation } from '../../test/projects-kit.js';
import { startProcess, withTimeout } from '../../test/processes.js';
import { servicesMissing, testRedisUrl } from '../../test/services.js';
import { eventually } from '../../test/waiting.js';

const root = projectRoot();
const entry = join(root, 'dist', 'gateway', 'src', 'main.js');
const goodSecrets = {
  JWT_SECRET: randomBytes(48).toString('base64url'),
  DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
};

/** The gateway process with exactly this environment. */
const start = (env: Record<string, string>) => startProcess([entry], env);

/** /health's answer once it is 200, or its last answer once the process has exited (its stderr says why). */
async function healthOf(api: HttpClient, child: ChildProcess, timeoutMs: number, intervalMs: number) {
  let health: HttpResult | undefined;
  await eventually(
    async () => {
      health = await api.get('/health').catch(() => undefined);
      return health?.status === 200 || child.exitCode !== null;
    },
    { timeoutMs, intervalMs },
  );
  return health;
}

describe.skipIf(servicesMissing)('the gateway process (node dist/gateway/src/main.js)', () => {
  beforeAll(async () => {
    await buildProduct(entry);
  }, 120_000);

  it.each([
    ['JWT_SECRET', { ...goodSecrets, JWT_SECRET: 'too-short' }],
    ['DATA_ENCRYPTION_KEY', { ...goodSecrets, DATA_ENCRYPTION_KEY: 'not-32-bytes' }],
    ['PORT', { ...goodSecrets, PORT: 'eighty' }],
    ['REDIS_URL', { ...goodSecrets, REDIS_URL: 'localhost:6379' }],
    ['JWT_SECRET', { NODE_ENV: 'production', DATA_ENCRYPTION_KEY: goodSecrets.DATA_ENCRYPTION_KEY }],
  ])('a bad %s: exit code 1 and one stderr line naming it', async (name, env) => {
    const { exited } = start({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/unused',
      REDIS_URL: 'redis://127.0.0.1:6379',
      ...env,
    });
    const result = await withTimeout(exited, 10_000, 'exit');
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines, result.stderr).toHaveLength(1);
    expect(lines[0]).toContain(name);
    expect(lines[0]).not.toContain(goodSecrets.JWT_SECRET);
  });

  describe('with a good environment', () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let running: ReturnType<typeof start>;
    let baseUrl: string;

    beforeAll(async () => {
      database = await createTestDatabase();
      const port = await unusedPort();
      baseUrl = `http://127.0.0.1:${port}`;
      running = start({
        ...goodSecrets,
        NODE_ENV: 'production',
        DATABASE_URL: database.url,
        REDIS_URL: testRedisUrl!,
        REDIS_KEY_PREFIX: `test:${randomUUID()}:`,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        WORKER_ENABLED: 'false',
        BOOTSTRAP_ADMIN_EMAIL: 'process-admin@example.test',
        BOOTSTRAP_ADMIN_PASSWORD: 'process-admin-password',
      });
    });
    afterAll(async () => {
      if (running && running.child.exitCode === null) running.child.kill('SIGKILL');
      await database?.drop();
    });

    it('answers /health, serves a login, and drains on SIGTERM with exit code 0', async () => {
      const api = httpClient(baseUrl);
      const health = await healthOf(api, running.child, 30_000, 200);
      expect(health?.status, (await Promise.race([running.exited, Promise.resolve(null)]))?.stderr).toBe(200);
      expect(health!.body).toMatchObject({
        status: 'ok',
        services: { database: 'healthy', cache: 'healthy', push: 'disabled' },
      });
      const login = await api.post('/api/v1/auth/login', {
        email: 'process-admin@example.test',
        password: 'process-admin-password',
      });
      expect(login.status).toBe(200);
      const introspection = await api.graphql('{ __schema { queryType { name } } }');
      expect(introspection.body.errors?.length).toBeGreaterThan(0);
      const typo = await api.graphql('{ mee { id } }');
      expect(typo.body.errors?.[0]?.message).toBeTruthy();
      expect(JSON.stringify(typo.body)).not.toContain('Did you mean');

      running.child.kill('SIGTERM');
      const result = await withTimeout(running.exited, 15_000, 'drain after SIGTERM');
      expect(result.code, result.stderr).toBe(0);
      expect(result.signal).toBeNull();
      expect(result.stdout).toContain('"msg":"draining"');
      await expect(api.get('/health')).rejects.toThrow();
    });
  });
  describe('with no environment at all (embedded mode, what `npm start` runs)', () => {
    let dataDir: string;
    let running: ReturnType<typeof start>;

    beforeAll(() => {
      dataDir = mkdtempSync(join(tmpdir(), 'platform-embedded-'));
      // As root the server runs as the postgres user: a folder it can reach keeps the database in it.
      chmodSync(dataDir, 0o755);
    });

    /** `npm start` on a data folder, healthy (the output of an early exit explains a failure). */
    async function startOnDataDir(dir = dataDir) {
      const port = await unusedPort();
      running = start({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'warn' });
      const api = httpClient(`http://127.0.0.1:${port}`);
      const health = await healthOf(api, running.child, 60_000, 250);
      const early = await Promise.race([running.exited, Promise.resolve(null)]);
      expect(health?.status, early?.stderr).toBe(200);
      return { api, health: health! };
    }

    /** Signs in with the bootstrap admin written to the data folder; returns the secrets file and the token. */
    async function signInAsBootstrapAdmin(api: ReturnType<typeof httpClient>, dir = dataDir) {
      const secrets = JSON.parse(readFileSync(join(dir, 'embedded-secrets.json'), 'utf8'));
      const login = await api.post('/api/v1/auth/login', {
        email: secrets.BOOTSTRAP_ADMIN_EMAIL,
        password: secrets.BOOTSTRAP_ADMIN_PASSWORD,
      });
      expect(login.status).toBe(200);
      return { ...secrets, token: (login.body.data as { accessToken: string }).accessToken };
    }

    async function stopRunning() {
      if (running && running.child.exitCode === null) {
        running.child.kill('SIGTERM');
        await withTimeout(running.exited, 15_000, 'embedded drain').catch(() => running.child.kill('SIGKILL'));
      }
    }

    afterAll(async () => {
      await stopRunning();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('starts its own PostgreSQL and store, creates the bootstrap admin, and stops both on SIGTERM', async () => {
      const { api, health } = await startOnDataDir();
      expect((health.body as { services: unknown }).services).toEqual({
        database: 'healthy',
        cache: 'healthy',
        push: 'disabled',
      });

      const secrets = await signInAsBootstrapAdmin(api);

      running.child.kill('SIGTERM');
      const result = await withTimeout(running.exited, 20_000, 'embedded drain after SIGTERM');
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain(`Bootstrap admin: ${secrets.BOOTSTRAP_ADMIN_EMAIL}`);
      expect(result.stdout).not.toContain(secrets.BOOTSTRAP_ADMIN_PASSWORD);
      expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    }, 90_000);

    it('starts again on the data it left, the bootstrap admin still signing in', async () => {
      const { api } = await startOnDataDir();
      await signInAsBootstrapAdmin(api);
    }, 90_000);

    // Issue 23, item 6: as root the server runs as `postgres`, which cannot enter a 0700 folder; this stopped.
    describe.skipIf(process.getuid?.() !== 0)('as root, in a folder others cannot enter', () => {
      const places = '/var/lib/platform-embedded';
      let privateDir: string;

      beforeAll(async () => {
        await stopRunning(); // one embedded server at a time: they share its port
        privateDir = mkdtempSync(join(tmpdir(), 'platform-private-'));
        chmodSync(privateDir, 0o700);
      });
      afterAll(async () => {
        await stopRunning();
        rmSync(privateDir, { recursive: true, force: true });
        // The place is named after the project's folder (here the private one) and a digest of the data folder.
        const ours = existsSync(places)
          ? readdirSync(places).filter((name) => name.startsWith(`${basename(privateDir)}-`))
          : [];
        for (const name of ours) rmSync(join(places, name), { recursive: true, force: true });
      });

      /** Starts on the private data folder; returns the folder the banner names for the database's files. */
      async function startInPrivate() {
        const { api } = await startOnDataDir(join(privateDir, 'data'));
        const database = await eventually(
          async () => /Database: embedded PostgreSQL in (\S+);/.exec(running.output()) ?? undefined,
        );
        return { api, databaseDir: database[1]! };
      }

      it('puts its database where postgres can reach it, and keeps the data there across a restart', async () => {
        const first = await startInPrivate();
        const place = dirname(first.databaseDir);
        expect(place).toMatch(new RegExp(`^${places}/${basename(privateDir)}-[0-9a-f]{12}$`));
        const owner = statSync(place);
        expect(owner.uid).toBe(Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })));
        expect(owner.mode & 0o777).toBe(0o700);
        const { token } = await signInAsBootstrapAdmin(first.api, join(privateDir, 'data'));
        const created = await first.api.graphql(createCustomerMutation, { input: { name: 'Kept' } }, { token });
        expect(created.body.errors).toBeUndefined();
        running.child.kill('SIGTERM');
        expect((await withTimeout(running.exited, 20_000, 'drain')).code).toBe(0);

        const second = await startInPrivate();
        expect(second.databaseDir).toBe(first.databaseDir);
        const again = await signInAsBootstrapAdmin(second.api, join(privateDir, 'data'));
        const listed = await second.api.graphql('{ customers { name } }', {}, { token: again.token });
        expect(listed.body.data?.customers).toEqual([{ name: 'Kept' }]);
      }, 150_000);
    });
  });
});
