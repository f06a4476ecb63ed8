import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { unusedPort } from './ports.js';
import { answersPing, killNow } from './redis-server.js';
import { startTcpProxy } from './tcp-proxy.js';
import { eventually } from './waiting.js';

export const sentinelMasterName = 'platform';

interface Server {
  port: number;
  process: ChildProcess;
}

export interface SentinelTopology {
  primary: Server;
  replica: Server;
  sentinels: Server[];
  /** With `primaryBehindProxy`: the proxy the Sentinels reach the primary through, to cut them off it. */
  primaryProxy?: Awaited<ReturnType<typeof startTcpProxy>>;
  /** REDIS_SENTINELS and REDIS_SENTINEL_NAME for the platform's configuration. */
  environment: Record<string, string>;
  /** The one client of a server by port, for looking at it (closed by `stop`). */
  client(port: number): Redis;
  /** The port of the primary the Sentinels name now. */
  namedPrimaryPort(): Promise<number>;
  /** Kills every process it started, by PID, and removes its folder. */
  stop(): Promise<void>;
}

/** Failover settings short enough for a test: down after 1 s, a failed failover retried after 3 s. */
const downAfterMs = 1000;
const failoverTimeoutMs = 3000;

function startServer(args: string[]): ChildProcess {
  const child = spawn('redis-server', args, { stdio: 'ignore' });
  // A failure to start is seen by the readiness wait; the event itself needs no report.
  child.on('error', () => undefined);
  return child;
}

export interface SentinelTopologyOptions {
  /**
   * The Sentinels and the replica reach the primary through a TCP proxy (its port is the primary's address the
   * Sentinels announce): freezing the proxy is a partition between them and a primary that stays up, reachable by
   * a client that connects to it directly.
   */
  primaryBehindProxy?: boolean;
}

/**
 * A Redis primary, one replica and three Sentinels (quorum 2) of the test's own, on free loopback ports,
 * without persistence, in a temporary folder: the shape of a production Redis that fails over.
 */
export async function startSentinelTopology(options: SentinelTopologyOptions = {}): Promise<SentinelTopology> {
  const folder = mkdtempSync(join(tmpdir(), 'platform-sentinels-'));
  const started: Server[] = [];
  const clients = new Map<number, Redis>();
  let primaryProxy: SentinelTopology['primaryProxy'];
  const dataServer = async (name: string, extra: string[]) => {
    const port = await unusedPort();
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    const server = { port, process: startServer([...args, '--dir', folder, '--dbfilename', `${name}.rdb`, ...extra]) };
    started.push(server);
    await eventually(() => answersPing(port), { timeoutMs: 5000 });
    return server;
  };
  const stop = async () => {
    for (const client of clients.values()) client.disconnect();
    await primaryProxy?.close();
    await Promise.all(started.map((server) => killNow(server.process)));
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    const primary = await dataServer('primary', []);
    if (options.primaryBehindProxy) primaryProxy = await startTcpProxy(`redis://127.0.0.1:${primary.port}`);
    const monitoredPort = primaryProxy ? Number(new URL(primaryProxy.url).port) : primary.port;
    const replica = await dataServer('replica', ['--replicaof', '127.0.0.1', String(monitoredPort)]);
    const sentinels: Server[] = [];
    for (let index = 0; index < 3; index += 1) {
      const port = await unusedPort();
      // Sentinel rewrites its configuration file as it learns the topology: one file each, in the folder.
      const file = join(folder, `sentinel-${index}.conf`);
      writeFileSync(
        file,
        [
          `port ${port}`,
          'bind 127.0.0.1',
          `dir ${folder}`,
          `sentinel monitor ${sentinelMasterName} 127.0.0.1 ${monitoredPort} 2`,
          `sentinel down-after-milliseconds ${sentinelMasterName} ${downAfterMs}`,
          `sentinel failover-timeout ${sentinelMasterName} ${failoverTimeoutMs}`,
          `sentinel parallel-syncs ${sentinelMasterName} 1`,
          '',
        ].join('\n'),
      );
      const sentinel = { port, process: startServer([file, '--sentinel']) };
      started.push(sentinel);
      sentinels.push(sentinel);
    }
    const client = (port: number) => {
      const known = clients.get(port);
      if (known) return known;
      const created = new Redis(port, '127.0.0.1', { maxRetriesPerRequest: 1 });
      created.on('error', () => undefined);
      clients.set(port, created);
      return created;
    };
    // Ready for a failover once each Sentinel knows the replica and the two other Sentinels. A Sentinel not yet
    // listening (a busy machine) refuses the question: not ready yet.
    const knowsTheTopology = async (sentinel: Server) => {
      const fields = (await client(sentinel.port).call('SENTINEL', 'MASTER', sentinelMasterName)) as string[];
      const field = (name: string) => fields[fields.indexOf(name) + 1];
      return field('num-slaves') === '1' && field('num-other-sentinels') === '2';
    };
    await eventually(
      async () => {
        try {
          for (const sentinel of sentinels) if (!(await knowsTheTopology(sentinel))) return false;
          return (await client(replica.port).info('replication')).includes('master_link_status:up');
        } catch {
          return false;
        }
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    return {
      primary,
      replica,
      sentinels,
      primaryProxy,
      environment: {
        REDIS_SENTINELS: sentinels.map((sentinel) => `127.0.0.1:${sentinel.port}`).join(','),
        REDIS_SENTINEL_NAME: sentinelMasterName,
      },
      client,
      namedPrimaryPort: async () => {
        const [, port] = (await client(sentinels[0]!.port).call(
          'SENTINEL',
          'GET-MASTER-ADDR-BY-NAME',
          sentinelMasterName,
        )) as [string, string];
        return Number(port);
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
