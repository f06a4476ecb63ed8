import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '@platform/lib/project-root';
import { rateWindows } from '@platform/lib/rate-limit';
import { operationLimits } from '@platform/gateway/graph/operation-limits';
import { buildProduct } from './build.js';
import { httpClient, loginAs } from './client.js';
import { openInbox, wsClient } from './notifications-kit.js';
import { startProcess, withTimeout, type RunningProcess } from './processes.js';
import type { ClusterState } from './cluster-state.js';
import { acceptsConnections } from './ports.js';
import { servicesMissing, testDatabaseUrl } from './services.js';
import { eventually } from './waiting.js';

const cluster = join(projectRoot(), 'scripts', 'cluster', 'cluster.mjs');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function pidsOf(state: ClusterState): number[] {
  return [
    ...state.edges,
    ...Object.values(state.subgraphs).flat(),
    ...state.workers,
    state.haproxy,
    state.redis.primary,
    state.redis.replica,
    ...state.redis.sentinels,
  ].map((part) => part.pid);
}

/** One request on a connection of its own: which edge answered it (HAProxy's X-Served-By) and its status. */
function send(url: string, body?: unknown): Promise<{ status: number; servedBy: string | undefined }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = httpRequest(
      url,
      {
        method: payload ? 'POST' : 'GET',
        agent: false,
        headers: payload ? { 'content-type': 'application/json' } : {},
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode!, servedBy: response.headers['x-served-by'] as string | undefined }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** A query of `count` root fields: the per-IP limit counts it `count` times (decisions: Per-IP limit and GraphQL). */
const rootFields = (count: number) =>
  `{ ${Array.from({ length: count }, (_, index) => `a${index}: __typename`).join(' ')} }`;

/** POST /graphql from a connection of `localAddress`, with the X-Forwarded-For given: the answer's status. */
function postFrom(baseUrl: string, localAddress: string, forwardedFor: string, query: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(new URL('/graphql', baseUrl), {
      method: 'POST',
      localAddress,
      agent: false,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode!));
    });
    request.on('error', reject);
    request.end(JSON.stringify({ query }));
  });
}

/** Which edge answered each of `count` requests to the entry. */
async function servedBy(entry: string, count: number): Promise<(string | undefined)[]> {
  const names: (string | undefined)[] = [];
  for (let index = 0; index < count; index++) names.push((await send(`${entry}/health`)).servedBy);
  return names;
}

/**
 * Issue 25, item 4: `npm run cluster` lays out the platform on loopback (HAProxy, 2 edges, each subgraph twice,
 * 2 workers, Redis with Sentinels, a fresh database), and `npm run cluster -- stop` ends every process it started.
 */
describe.skipIf(servicesMissing)('npm run cluster: the platform as a cluster on this machine', () => {
  const dir = mkdtempSync(join(tmpdir(), 'platform-cluster-'));
  const environment = {
    ...(process.env as Record<string, string>),
    CLUSTER_DIR: dir,
    CLUSTER_POSTGRES_URL: Object.assign(new URL(testDatabaseUrl!), { pathname: '/postgres' }).toString(),
  };
  let supervisor: RunningProcess;
  let state: ClusterState;
  let password: string;
  /** Every process id the cluster ran, the replaced ones too. */
  const seen = new Set<number>();
  const stateNow = (): ClusterState => JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8'));

  beforeAll(async () => {
    await buildProduct(join(projectRoot(), 'dist', 'gateway', 'src', 'main.js'));
    supervisor = startProcess([cluster, 'start', '--no-build'], environment);
    await eventually(
      async () => {
        if (supervisor.child.exitCode !== null) throw new Error(`the cluster exited:\n${supervisor.output()}`);
        return existsSync(join(dir, 'state.json'));
      },
      { timeoutMs: 150_000, intervalMs: 250 },
    );
    state = stateNow();
    for (const pid of pidsOf(state)) seen.add(pid);
    password = readFileSync(state.adminPasswordFile, 'utf8').trim();
  }, 240_000);

  afterAll(async () => {
    // A failed test still leaves nothing running.
    if (supervisor?.child.exitCode === null) await startProcess([cluster, 'stop'], environment).exited;
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('writes what it started: 2 edges, 2 of each subgraph, 2 workers, HAProxy, Redis with 3 Sentinels', () => {
    expect(state.edges).toHaveLength(2);
    expect(Object.keys(state.subgraphs).sort()).toEqual(['auth', 'notifications', 'projects']);
    for (const replicas of Object.values(state.subgraphs)) expect(replicas).toHaveLength(2);
    expect(state.workers).toHaveLength(2);
    expect(state.redis.sentinels).toHaveLength(3);
    expect(state.database).toMatch(/^cluster_\d+$/);
    for (const pid of pidsOf(state)) expect(alive(pid), `pid ${pid}`).toBe(true);
    // The admin's password is readable by its owner alone.
    expect(readFileSync(state.adminPasswordFile).length).toBeGreaterThan(12);
    expect(statSync(state.adminPasswordFile).mode & 0o077).toBe(0);
  });

  it('signs in through HAProxy, queries the graph, and delivers a notification to a subscription on its WebSocket entry', async () => {
    const api = httpClient(state.entry.http);
    const { accessToken } = await loginAs(api, state.adminEmail, password);
    const me = await api.graphql('{ me { id email } }', {}, { token: accessToken });
    expect(me.body.data.me.email).toBe(state.adminEmail);

    // The WebSocket entry is the HTTP entry's /graphql (as behind an Ingress); wsClient dials exactly that.
    expect(state.entry.ws).toBe(`${state.entry.http.replace(/^http/, 'ws')}/graphql`);
    const socket = wsClient(state.entry.http, accessToken);
    try {
      const inbox = await openInbox(socket);
      const issued = await api.graphql(
        'mutation { issueServiceToken(serviceName: "cluster-test", ttlDays: 1) }',
        {},
        { token: accessToken },
      );
      const job = await api.post(
        '/internal/notifications/jobs',
        {
          message: 'Through the cluster',
          recipients: [{ userId: Number(me.body.data.me.id), email: state.adminEmail, channels: ['in_app'] }],
        },
        { token: issued.body.data.issueServiceToken },
      );
      expect(job.status, JSON.stringify(job.body)).toBe(200);
      // Queued by a notifications replica, run by a worker, published through Redis to the edge holding the socket.
      await inbox.next(1, 30_000);
      expect(JSON.stringify(inbox.events[0])).toContain('Through the cluster');
    } finally {
      await socket.dispose();
    }
  }, 60_000);

  it('spreads requests over both edges; with one SIGKILLed, requests still succeed and the edge is started again', async () => {
    // Both edges take turns once HAProxy has seen each answer its check twice (rise 2): on a busy machine the
    // second may join the rotation a moment after the state file is written.
    await eventually(async () => new Set(await servedBy(state.entry.http, 6)).size === 2, {
      timeoutMs: 20_000,
      intervalMs: 500,
    });
    expect(new Set(await servedBy(state.entry.http, 6))).toEqual(new Set(['edge-1', 'edge-2']));
    const [killed] = state.edges;
    process.kill(killed!.pid, 'SIGKILL');
    // A request HAProxy hands over while the signal is still being delivered lands in the dying edge's accept
    // queue and fails with it: that is a request in flight on the killed edge (the issue's allowance). Once its
    // port refuses connections, every request, each on a new connection, is answered by the other edge.
    await eventually(async () => !(await acceptsConnections(killed!.port)), { timeoutMs: 5000, intervalMs: 20 });
    for (let attempt = 0; attempt < 6; attempt++) {
      const login = await send(`${state.entry.http}/api/v1/auth/login`, { email: state.adminEmail, password });
      expect(login).toEqual({ status: 200, servedBy: 'edge-2' });
    }
    await eventually(
      async () => {
        const restarted = stateNow().edges[0]!.pid;
        return restarted !== killed!.pid && alive(restarted);
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    state = stateNow();
    for (const pid of pidsOf(state)) seen.add(pid);
    await eventually(async () => new Set(await servedBy(state.entry.http, 4)).size === 2, {
      timeoutMs: 60_000,
      intervalMs: 500,
    });
  }, 120_000);

  it("takes the client from HAProxy's X-Forwarded-For only: a spoofed one is ignored, two clients get two limits", async () => {
    // Clients at loopback addresses of their own, so that their per-IP windows are theirs alone.
    const [first, second] = ['127.0.0.5', '127.0.0.6'];
    const direct = `http://127.0.0.1:${state.edges[1]!.port}`;
    let spoofed = 0;
    // Straight to an edge, not through HAProxy: whatever X-Forwarded-For says, every request counts for `first`.
    for (let spent = 0; spent < rateWindows.perIp.limit; spent += operationLimits.maxAliases) {
      const answer = await postFrom(
        direct,
        first,
        `198.51.100.${(spoofed += 1)}`,
        rootFields(operationLimits.maxAliases),
      );
      expect(answer).toBe(200);
    }
    expect(await postFrom(direct, first, '198.51.100.200', '{ __typename }')).toBe(429);
    // Through HAProxy, the client it names is the one limited (shared by both edges through Redis)...
    expect(await postFrom(state.entry.http, first, '198.51.100.201', '{ __typename }')).toBe(429);
    // ...and another client is not, even one that claims to be the first.
    expect(await postFrom(state.entry.http, second, first, '{ __typename }')).toBe(200);
  }, 60_000);

  it('`npm run cluster -- stop` ends every process it started and drops the database', async () => {
    const stop = await withTimeout(startProcess([cluster, 'stop'], environment).exited, 60_000, 'stop');
    expect(stop.code, stop.stdout + stop.stderr).toBe(0);
    await withTimeout(supervisor.exited, 10_000, 'the supervisor exits');
    expect([...seen].filter(alive)).toEqual([]);
    expect(existsSync(join(dir, 'state.json'))).toBe(false);
    const postgres = new pg.Client({ connectionString: environment.CLUSTER_POSTGRES_URL });
    await postgres.connect();
    try {
      const found = await postgres.query('SELECT 1 FROM pg_database WHERE datname = $1', [state.database]);
      expect(found.rowCount).toBe(0);
    } finally {
      await postgres.end();
    }
  }, 90_000);
});
