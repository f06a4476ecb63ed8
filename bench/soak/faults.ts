import { Redis } from 'ioredis';
import type { ClusterState, SoakCluster } from './cluster.js';
import { call, graph } from './http.js';
import { now } from './recorder.js';

export interface Fault {
  name: string;
  at: number;
  endedAt: number;
  detail: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function healthy(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(2000) }).catch(() => undefined);
  return response?.status === 200;
}

async function until(what: string, ready: () => Promise<boolean> | boolean, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`soak: ${what} not within ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

function log(fault: Fault): Fault {
  const seconds = ((fault.endedAt - fault.at) / 1000).toFixed(1);
  console.log(`[soak] ${new Date(fault.at).toISOString()} ${fault.name}: ${fault.detail} (${seconds} s)`);
  return fault;
}

/** One edge SIGKILLed; the supervisor starts it again, and HAProxy takes it back once its health answers. */
export async function killEdge(cluster: SoakCluster): Promise<Fault> {
  const [edge] = cluster.state().edges;
  const at = now();
  process.kill(edge!.pid, 'SIGKILL');
  await until('the killed edge back', async () => {
    const restarted = cluster.state().edges[0]!;
    return restarted.pid !== edge!.pid && healthy(`http://127.0.0.1:${restarted.port}/health`);
  });
  return log({ name: 'edge SIGKILL', at, endedAt: now(), detail: `edge-1 (pid ${edge!.pid}) killed, started again` });
}

/**
 * How long HAProxy takes to route to a replica that answers its health path (rise 2, inter 1 s; and some): the
 * next replica stopped sooner left a backend with no server for a moment (13 requests answered 503 by HAProxy in
 * one 1-minute soak, both projects replicas down at once).
 */
const loadBalancerRiseMs = 2500;

/**
 * Every subgraph replica in turn: SIGTERM, then the next once its replacement answers its health path and the load
 * balancer has had time to see it.
 */
export async function rollingRestart(cluster: SoakCluster): Promise<Fault> {
  const at = now();
  const restarted: string[] = [];
  for (const [name, replicas] of Object.entries(cluster.state().subgraphs)) {
    for (let index = 0; index < replicas.length; index += 1) {
      const { pid, port } = cluster.state().subgraphs[name]![index]!;
      process.kill(pid, 'SIGTERM');
      await until(`${name}-${index + 1} restarted`, async () => {
        const replica = cluster.state().subgraphs[name]![index]!;
        return replica.pid !== pid && healthy(`http://127.0.0.1:${port}/health/db`);
      });
      // As a Deployment's minReadySeconds: HAProxy routes to the replacement only after two passed checks.
      await new Promise((resolve) => setTimeout(resolve, loadBalancerRiseMs));
      restarted.push(`${name}-${index + 1}`);
    }
  }
  return log({ name: 'rolling restart', at, endedAt: now(), detail: `SIGTERM one at a time: ${restarted.join(', ')}` });
}

async function namedPrimary(state: ClusterState): Promise<number | undefined> {
  for (const sentinel of state.redis.sentinels) {
    const client = new Redis(sentinel.port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      const [, port] = (await client.call('SENTINEL', 'GET-MASTER-ADDR-BY-NAME', 'platform')) as [string, string];
      return Number(port);
    } catch {
      // The next Sentinel answers.
    } finally {
      client.disconnect();
    }
  }
  return undefined;
}

/** The Redis primary SIGKILLed; done when the Sentinels name the other node and a request needing Redis passes. */
export async function killRedisPrimary(cluster: SoakCluster, probe: () => Promise<boolean>): Promise<Fault> {
  const state = cluster.state();
  const primaryPort = await namedPrimary(state);
  const primary = [state.redis.primary, state.redis.replica].find((node) => node.port === primaryPort)!;
  const at = now();
  process.kill(primary.pid, 'SIGKILL');
  await until('the Sentinels promoting the replica', async () => (await namedPrimary(cluster.state())) !== primaryPort);
  await until('a request needing Redis answered', probe);
  return log({
    name: 'Redis primary SIGKILL',
    at,
    endedAt: now(),
    detail: `primary :${primaryPort} (pid ${primary.pid}) killed; Sentinels promoted :${await namedPrimary(cluster.state())}`,
  });
}

/** A job sent to everyone, and the worker SIGKILLed while it runs; another worker (or it, restarted) finishes it. */
export async function killWorkerMidJob(cluster: SoakCluster, sendJob: () => Promise<boolean>): Promise<Fault> {
  const [worker] = cluster.state().workers;
  const at = now();
  const accepted = await sendJob();
  await sleep(20);
  process.kill(worker!.pid, 'SIGKILL');
  return log({
    name: 'worker SIGKILL mid-job',
    at,
    endedAt: now(),
    detail: `job ${accepted ? 'accepted' : 'refused'}; worker-1 (pid ${worker!.pid}) killed 20 ms after`,
  });
}

/** A session logged out, then its token tried on every edge directly: REST, the graph and /internal/verify. */
export async function logoutOnEveryReplica(
  cluster: SoakCluster,
  admin: { email: string; password: string },
): Promise<{ fault: Fault; accepted: number; tried: number }> {
  const state = cluster.state();
  const at = now();
  const login = await call(state.entry.http, '/api/v1/auth/login', { body: admin });
  const { accessToken, refreshToken } = login.body.data;
  const out = await call(state.entry.http, '/api/v1/auth/logout', { body: { refreshToken }, token: accessToken });
  if (out.status !== 200) throw new Error(`soak: logout answered ${out.status}`);
  let accepted = 0;
  let tried = 0;
  for (const edge of state.edges) {
    const base = `http://127.0.0.1:${edge.port}`;
    const answers = await Promise.all([
      call(base, '/api/v1/auth/devices', { token: accessToken }),
      graph(base, '{ me { id } }', {}, accessToken),
      call(base, '/internal/verify', { token: accessToken, headers: { 'x-service-name': 'soak' } }),
    ]);
    tried += answers.length;
    accepted += answers.filter((answer) => answer.status >= 200 && answer.status < 300).length;
  }
  const fault = log({
    name: 'logout on every replica',
    at,
    endedAt: now(),
    detail: `the logged-out token accepted ${accepted} times of ${tried} (REST, graph, verify on ${state.edges.length} edges)`,
  });
  return { fault, accepted, tried };
}
