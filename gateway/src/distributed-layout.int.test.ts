import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '@platform/lib/project-root';
import { buildProduct } from '../../test/build.js';
import { clientFromNewIp } from '../../test/client-address.js';
import type { HttpClient } from '../../test/client.js';
import { composeServices, operatorVariables, type ComposeService } from '../../test/compose.js';
import { deviceTestKit, makeKeyPair } from '../../test/device-kit.js';
import { adminCredentials, createTestDatabase } from '../../test/harness.js';
import { inboxHolding, openInbox, wsClient } from '../../test/notifications-kit.js';
import { unusedPort } from '../../test/ports.js';
import { startProcess, withTimeout, type RunningProcess } from '../../test/processes.js';
import { projectsTestKit } from '../../test/projects-kit.js';
import { servicesMissing, testRedisUrl } from '../../test/services.js';
import { eventually } from '../../test/waiting.js';

const gatewayEntry = join(projectRoot(), 'dist', 'gateway', 'src', 'main.js');

interface Started {
  service: ComposeService;
  port: number;
  process: RunningProcess;
}

/**
 * Issue 14, item 7: the distributed layout as docker-compose.yml lays it out (its commands and environments),
 * each process compiled and on its own loopback port instead of its container, on a fresh database and a key
 * prefix of its own in the real PostgreSQL and Redis.
 */
describe.skipIf(servicesMissing)('the distributed layout: the processes of docker-compose.yml', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let filesDir: string;
  const started = new Map<string, Started>();
  let gatewayUrl: string;
  let api: HttpClient;

  /** A service's compose environment, its hosts and ports moved onto loopback. */
  function environmentOf(service: ComposeService, ports: Map<string, number>, prefix: string): Record<string, string> {
    const environment: Record<string, string> = {
      ...service.environment,
      DATABASE_URL: database.url,
      REDIS_URL: testRedisUrl!,
      // Every process of one deployment shares one key prefix (README: REDIS_KEY_PREFIX).
      REDIS_KEY_PREFIX: prefix,
      HOST: '127.0.0.1',
      PORT: String(ports.get(service.name)),
      FILES_DIR: filesDir,
    };
    for (const [name, value] of Object.entries(environment)) {
      if (!/^SUBGRAPH_\w+_URL$/.test(name)) continue;
      const url = new URL(value);
      url.hostname = '127.0.0.1';
      url.port = String(ports.get(new URL(value).hostname));
      environment[name] = url.toString();
    }
    return environment;
  }

  /** Resolves once the process answers `path` with 200; fails with its output once it has exited. */
  async function ready({ service, port, process }: Started, path: string): Promise<void> {
    await eventually(
      async () => {
        if (process.child.exitCode !== null) throw new Error(`${service.name} exited:\n${process.output()}`);
        const response = await fetch(`http://127.0.0.1:${port}${path}`).catch(() => undefined);
        return response?.status === 200;
      },
      { timeoutMs: 90_000, intervalMs: 200 },
    );
  }

  beforeAll(async () => {
    await buildProduct(gatewayEntry);
  }, 180_000);

  beforeAll(async () => {
    database = await createTestDatabase();
    filesDir = mkdtempSync(join(tmpdir(), 'platform-distributed-files-'));
    const prefix = `test:${randomUUID()}:`;
    const services = composeServices({
      ...operatorVariables({
        jwtSecret: randomBytes(48).toString('base64url'),
        encryptionKey: randomBytes(32).toString('base64'),
      }),
      BOOTSTRAP_ADMIN_EMAIL: adminCredentials.email,
      BOOTSTRAP_ADMIN_PASSWORD: adminCredentials.password,
    }).filter((service) => service.build);
    const ports = new Map<string, number>();
    for (const service of services) ports.set(service.name, await unusedPort());
    const launch = (service: ComposeService) => {
      const entry: Started = {
        service,
        port: ports.get(service.name)!,
        process: startProcess(service.command!.slice(1), environmentOf(service, ports, prefix)),
      };
      started.set(service.name, entry);
      return entry;
    };
    // All at once, as compose starts them (`depends_on` without a condition orders the starts only): the gateway
    // answers /health once the subgraphs answer theirs.
    await Promise.all(
      services.map((service) => ready(launch(service), service.name === 'gateway' ? '/health' : '/health/db')),
    );
    gatewayUrl = `http://127.0.0.1:${started.get('gateway')!.port}`;
    api = clientFromNewIp(gatewayUrl);
  }, 150_000);

  afterAll(async () => {
    await Promise.all(
      [...started.values()].map(async ({ process }) => {
        if (process.child.exitCode !== null) return;
        process.child.kill('SIGTERM');
        await withTimeout(process.exited, 15_000, 'drain').catch(() => process.child.kill('SIGKILL'));
      }),
    );
    await database?.drop();
    if (filesDir) rmSync(filesDir, { recursive: true, force: true });
  });

  it('runs each subgraph and the gateway as a process of its own', () => {
    expect([...started.keys()].sort()).toEqual(['auth', 'gateway', 'notifications', 'projects']);
    for (const { process } of started.values()) expect(process.child.exitCode).toBeNull();
  });

  it('signs in over REST', async () => {
    const login = await api.post('/api/v1/auth/login', adminCredentials);
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body.data.accessToken).toEqual(expect.any(String));
  });

  it("delivers a device registration's security event, raised by the auth process, to the owner's inbox over a subscription", async () => {
    const kit = deviceTestKit(api);
    const owner = await kit.newUser();
    const socket = wsClient(gatewayUrl, owner.token);
    try {
      const inbox = await openInbox(socket);
      const device = await kit.registerDevice(owner.token, makeKeyPair('ES256'));
      await inbox.next(1, 15_000);
      const event = (inbox.events[0] as { data: { inboxChanged: { unreadCount: number; notification: unknown } } }).data
        .inboxChanged;
      expect(event.unreadCount).toBe(1);
      const message = `A new device (Test phone ${device.fingerprint.slice(0, 6)}) was registered for biometric sign-in on your account.`;
      expect(event.notification).toMatchObject({ message, unread: true });
      // The same item over REST, served by the notifications process through the gateway.
      const page = await inboxHolding(api, owner.token, 1);
      expect(page.items[0]).toMatchObject({ message, unread: true });
    } finally {
      await socket.dispose();
    }
    expect(started.get('auth')!.process.output()).not.toMatch(/notification not raised|before the graph was bound/);
  });

  it('answers a query across subgraphs: a project of the projects process with its creator from the auth process', async () => {
    const kit = await projectsTestKit(api);
    const customer = await kit.customer();
    const created = await api.graphql(
      `mutation ($input: CreateProjectInput!) { createProject(input: $input) { uniqueCode creator { email } } }`,
      { input: kit.projectBody(customer.id) },
      { token: kit.adminToken },
    );
    expect(created.body.errors).toBeUndefined();
    const { uniqueCode } = created.body.data.createProject;
    expect(created.body.data.createProject.creator).toEqual({ email: adminCredentials.email });
    const read = await api.get(`/api/v1/projects/${uniqueCode}`, { token: kit.adminToken });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.creator).toMatchObject({ email: adminCredentials.email });
  });

  it('drains every process on SIGTERM (what compose sends on stop) with exit code 0', async () => {
    const exits = await Promise.all(
      [...started.values()].map(async ({ service, process }) => {
        process.child.kill('SIGTERM');
        const exit = await withTimeout(process.exited, 20_000, `${service.name} drain`);
        return [service.name, exit.code, exit.code === 0 ? '' : exit.stderr] as const;
      }),
    );
    expect(exits).toEqual([...started.keys()].map((name) => [name, 0, '']));
  });
});
