import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClusterState } from '../../test/cluster-state.js';

export type { ClusterState };

export interface SoakCluster {
  /** The state as the supervisor last wrote it (PIDs change as it starts processes again). */
  state(): ClusterState;
  adminPassword: string;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
  });
}

/**
 * `npm run cluster` in the soak's own folder (the product is built already), without per-IP limits: every
 * client of the soak comes from this one machine's address, as it would not in production.
 */
export async function startCluster(root: string, dir: string): Promise<SoakCluster> {
  const script = join(root, 'scripts', 'cluster', 'cluster.mjs');
  // A job whose worker was killed is retried after NOTIFICATION_JOB_EXPIRE_SECONDS: 15 s, so that within the run.
  const environment = {
    ...process.env,
    CLUSTER_DIR: dir,
    RATE_LIMIT_ENABLED: 'false',
    // Memory is read after a full garbage collection, asked for through each Node process's inspector.
    CLUSTER_INSPECT: '1',
    NOTIFICATION_JOB_EXPIRE_SECONDS: '15',
  };
  const supervisor = spawn(process.execPath, [script, 'start', '--no-build'], {
    cwd: root,
    env: environment,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const statePath = join(dir, 'state.json');
  const deadline = Date.now() + 180_000;
  while (!existsSync(statePath)) {
    if (supervisor.exitCode !== null) throw new Error(`the cluster did not start (exit ${supervisor.exitCode})`);
    if (Date.now() > deadline) throw new Error('the cluster was not ready after 180 s');
    await sleep(250);
  }
  const state = () => JSON.parse(readFileSync(statePath, 'utf8')) as ClusterState;
  return {
    state,
    adminPassword: readFileSync(state().adminPasswordFile, 'utf8').trim(),
    stop: async () => {
      const stopper = spawn(process.execPath, [script, 'stop'], { cwd: root, env: environment, stdio: 'ignore' });
      await exited(stopper);
      await exited(supervisor);
    },
  };
}

/** Every process of the cluster by a stable name (edge-1, auth-2, worker-1, redis-primary, ...). */
export function processesOf(state: ClusterState): Map<string, number> {
  const named = new Map<string, number>();
  state.edges.forEach((edge, index) => named.set(`edge-${index + 1}`, edge.pid));
  for (const [name, replicas] of Object.entries(state.subgraphs))
    replicas.forEach((replica, index) => named.set(`${name}-${index + 1}`, replica.pid));
  state.workers.forEach((worker, index) => named.set(`worker-${index + 1}`, worker.pid));
  named.set('haproxy', state.haproxy.pid);
  named.set('redis-primary', state.redis.primary.pid);
  named.set('redis-replica', state.redis.replica.pid);
  state.redis.sentinels.forEach((sentinel, index) => named.set(`sentinel-${index + 1}`, sentinel.pid));
  return named;
}
